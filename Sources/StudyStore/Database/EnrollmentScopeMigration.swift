import Foundation
import GRDB

/// Migration `v4-enrollment-scope`: every run, result, outbox item, consent and notification row
/// names its enrollment (`enrollmentID`, referencing `enrollment.id`), with the indexes the
/// participant's queries use (``ParticipantStore``). Existing rows are moved over, nothing deleted:
///
/// - a row that records its participant (the `participantId` in the metadata of a result or an
///   outbox item: what was sent and exported) goes to that participant's enrollment;
/// - else a result and its outbox items go with their run, and a run goes with its result;
/// - else by time: the latest enrollment of the row's study enrolled at or before the row was
///   made (a run's start, an outbox item's creation), or the study's first enrollment for a row
///   older than every one;
/// - a consent goes to the enrollment current when it was given, else the one it led to (consent
///   is recorded just before enrolling), else the latest before it;
/// - a notification names no study: it goes by time to the enrollment of any study current then.
///
/// A notification's id is unique per enrollment, no longer in the whole folder: the journey's
/// reminders and the study's messages have ids made from the study and the task, so a participant
/// who joins again gets their own (the table is rebuilt: SQLite cannot drop a primary key).
///
/// Rows of a study with no enrollment at all keep NULL; the whole-folder export still reads them.
enum EnrollmentScopeMigration {
    /// Adds the columns and indexes, then fills the columns of the rows already stored.
    static func apply(_ db: Database) throws {
        for table in ["taskRun", "result", "outbox", "consent"] {
            try db.alter(table: table) { t in t.add(column: "enrollmentID", .integer).references("enrollment") }
        }
        try rebuildNotifications(db)
        try backfill(db)
        try createIndexes(db)
    }

    /// The notification table with an `enrollmentID`, its id unique per enrollment, every row kept as it was.
    static func rebuildNotifications(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE notification_v4 (
                id TEXT NOT NULL, kind TEXT NOT NULL, title TEXT NOT NULL, body TEXT NOT NULL,
                createdAt DATETIME NOT NULL, dueAt DATETIME, readAt DATETIME,
                enrollmentID INTEGER REFERENCES enrollment(id));
            INSERT INTO notification_v4 (rowid, id, kind, title, body, createdAt, dueAt, readAt)
                SELECT rowid, id, kind, title, body, createdAt, dueAt, readAt FROM notification;
            DROP TABLE notification;
            ALTER TABLE notification_v4 RENAME TO notification;
            CREATE INDEX notification_unread ON notification(createdAt) WHERE readAt IS NULL;
            """)
    }

    /// The participant's dashboard, open runs, results, outbox, consent and inbox, each from an index.
    static func createIndexes(_ db: Database) throws {
        try db.execute(sql: """
            CREATE INDEX taskRun_on_enrollment ON taskRun(enrollmentID, taskID, updatedAt, status, finishedAt);
            CREATE INDEX taskRun_open_by_enrollment ON taskRun(enrollmentID, updatedAt) WHERE status IN ('inProgress', 'saved');
            CREATE INDEX result_on_enrollment ON result(enrollmentID);
            CREATE INDEX outbox_pending_by_enrollment ON outbox(enrollmentID, createdAt) WHERE acceptedAt IS NULL;
            CREATE INDEX consent_on_enrollment ON consent(enrollmentID, agreedAt);
            CREATE INDEX notification_on_enrollment ON notification(enrollmentID, createdAt);
            CREATE UNIQUE INDEX notification_once ON notification(ifnull(enrollmentID, 0), id);
            """)
    }

    /// The enrollment of study `study` current at `time` (both SQL expressions), else the study's first.
    static func byTime(study: String, time: String) -> String {
        """
        COALESCE((SELECT e.id FROM enrollment e WHERE e.studyID = \(study) AND e.enrolledAt <= \(time)
                  ORDER BY e.enrolledAt DESC, e.id DESC LIMIT 1),
                 (SELECT e.id FROM enrollment e WHERE e.studyID = \(study) ORDER BY e.enrolledAt, e.id LIMIT 1))
        """
    }

    /// The enrollment whose participant the JSON text `metadata` names, in `study` when given.
    static func byParticipant(metadata: String, study: String? = nil) -> String {
        let sameStudy = study.map { " AND e.studyID = \($0)" } ?? ""
        return """
            (SELECT e.id FROM enrollment e WHERE e.participantID =
                 (CASE WHEN json_valid(\(metadata)) THEN json_extract(\(metadata), '$.participantId') END)\(sameStudy)
             ORDER BY e.id DESC LIMIT 1)
            """
    }

    /// Fills `enrollmentID` of every stored row by the rules above.
    static func backfill(_ db: Database) throws {
        try db.execute(sql: "UPDATE taskRun SET enrollmentID = \(byTime(study: "taskRun.studyID", time: "taskRun.startedAt"))")
        try db.execute(sql: """
            UPDATE result SET enrollmentID = COALESCE(
                \(byParticipant(metadata: "result.metadata", study: "(SELECT t.studyID FROM taskRun t WHERE t.id = result.runID)")),
                (SELECT t.enrollmentID FROM taskRun t WHERE t.id = result.runID))
            """)
        try db.execute(sql: """
            UPDATE taskRun SET enrollmentID = (SELECT r.enrollmentID FROM result r WHERE r.runID = taskRun.id)
            WHERE EXISTS (SELECT 1 FROM result r WHERE r.runID = taskRun.id AND r.enrollmentID IS NOT NULL)
            """)
        let outboxStudy = "(CASE WHEN json_valid(outbox.metadata) THEN json_extract(outbox.metadata, '$.studyId') END)"
        try db.execute(sql: """
            UPDATE outbox SET enrollmentID = COALESCE(
                \(byParticipant(metadata: "outbox.metadata")),
                (SELECT r.enrollmentID FROM result r WHERE r.runID = outbox.runID),
                (SELECT t.enrollmentID FROM taskRun t WHERE t.id = outbox.runID),
                \(byTime(study: outboxStudy, time: "outbox.createdAt")))
            """)
        try db.execute(sql: """
            UPDATE consent SET enrollmentID = COALESCE(
                (SELECT e.id FROM enrollment e WHERE e.studyID = consent.studyID AND e.enrolledAt <= consent.agreedAt
                 AND (e.withdrawnAt IS NULL OR e.withdrawnAt > consent.agreedAt) ORDER BY e.enrolledAt DESC, e.id DESC LIMIT 1),
                (SELECT e.id FROM enrollment e WHERE e.studyID = consent.studyID AND e.enrolledAt >= consent.agreedAt
                 ORDER BY e.enrolledAt, e.id LIMIT 1),
                (SELECT e.id FROM enrollment e WHERE e.studyID = consent.studyID ORDER BY e.enrolledAt DESC, e.id DESC LIMIT 1))
            """)
        try db.execute(sql: """
            UPDATE notification SET enrollmentID = COALESCE(
                (SELECT e.id FROM enrollment e WHERE e.enrolledAt <= notification.createdAt ORDER BY e.enrolledAt DESC, e.id DESC LIMIT 1),
                (SELECT e.id FROM enrollment e ORDER BY e.enrolledAt, e.id LIMIT 1))
            """)
    }
}
