import Foundation
import GRDB

/// Migration `v5-kiosk-session`: a study station's sessions (table `kioskSession`), each its own
/// participant (an enrollment marked with the session's id, which the journey's reads ignore), and
/// the session named on every run it started, with the reason the session's end stopped a run.
///
/// - `kioskSession`: id (UUID text), station, enrollment, language, start, end, end reason and
///   partial-answer policy; an end and its reason come together or not at all.
/// - `enrollment.kioskSessionID`: set only on a session's own enrollment (a marker, not a foreign
///   key: the session row names the enrollment, and is stored after it).
/// - `taskRun.kioskSessionID` (indexed) and `taskRun.kioskEndReason`: the session's end reason on
///   each run that end stopped (kept as incomplete, or discarded by the policy).
///
/// Rows already stored are journey rows and keep NULL in every new column.
enum KioskSessionMigration {
    /// Creates the table, the columns and their indexes.
    static func apply(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE kioskSession (
                id TEXT NOT NULL PRIMARY KEY,
                stationID TEXT NOT NULL,
                enrollmentID INTEGER NOT NULL REFERENCES enrollment(id),
                language TEXT NOT NULL,
                startedAt DATETIME NOT NULL,
                endedAt DATETIME,
                endReason TEXT CHECK (endReason IN ('completed', 'timed-out', 'ended-by-staff', 'interrupted')),
                partialPolicy TEXT NOT NULL CHECK (partialPolicy IN ('keep', 'discard')),
                CHECK ((endedAt IS NULL) = (endReason IS NULL)));
            CREATE UNIQUE INDEX kioskSession_on_enrollment ON kioskSession(enrollmentID);
            CREATE INDEX kioskSession_open ON kioskSession(stationID, startedAt) WHERE endedAt IS NULL;
            CREATE INDEX kioskSession_ended ON kioskSession(endedAt, endReason) WHERE endedAt IS NOT NULL;
            ALTER TABLE enrollment ADD COLUMN kioskSessionID TEXT;
            CREATE INDEX enrollment_journey_current ON enrollment(studyID, id) WHERE kioskSessionID IS NULL AND withdrawnAt IS NULL;
            ALTER TABLE taskRun ADD COLUMN kioskSessionID TEXT REFERENCES kioskSession(id);
            ALTER TABLE taskRun ADD COLUMN kioskEndReason TEXT;
            CREATE INDEX taskRun_on_kioskSession ON taskRun(kioskSessionID, status) WHERE kioskSessionID IS NOT NULL;
            """)
    }
}
