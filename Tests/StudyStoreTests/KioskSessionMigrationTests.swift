import Foundation
import StudyCore
import Testing
@testable import StudyStore

/// `v5-kiosk-session` on a folder the v4 schema left: every row stays as it was (a journey row),
/// the journey's reads answer as before, and kiosk sessions can begin.
@Suite struct KioskSessionMigrationTests {
    static let lastOldMigration = "v4-enrollment-scope"
    static let run = UUID(uuidString: "0B5E0000-0000-4000-8000-000000000001")!

    /// A v4 folder: one current participant with a finished run (result, outbox item) and an open run.
    static func v4Folder() throws -> AppDatabase {
        let db = try AppDatabase.inMemory(upTo: lastOldMigration)
        let started = EnrollmentScopeMigrationTests.sql(T.at(100)), ended = EnrollmentScopeMigrationTests.sql(T.at(160))
        try db.execute(sql: """
            INSERT INTO enrollment (id, studyID, studyVersion, participantID, enrolledAt)
            VALUES (1, 's1', 'v7', 'P-OLD', \(EnrollmentScopeMigrationTests.sql(T.at(0))));
            INSERT INTO taskRun (id, studyID, taskID, status, startedAt, updatedAt, finishedAt, enrollmentID)
            VALUES ('\(run.uuidString)', 's1', 'mood', 'completed', \(started), \(ended), \(ended), 1),
                   ('0B5E0000-0000-4000-8000-000000000002', 's1', 'mood', 'saved', \(started), \(ended), NULL, 1);
            INSERT INTO result (runID, taskResult, metadata, storedAt, enrollmentID)
            VALUES ('\(run.uuidString)', \(EnrollmentScopeMigrationTests.quoted(StoreFixtures.result(runID: run).json)),
                    '{"participantId":"P-OLD"}', \(ended), 1);
            INSERT INTO outbox (id, runID, kind, payload, metadata, createdAt, enrollmentID)
            VALUES ('\(UUID().uuidString)', '\(run.uuidString)', 'taskResult', '{}', '{"participantId":"P-OLD"}', \(ended), 1);
            """)
        return db
    }

    @Test func existingRowsBecomeJourneyRowsAndTheJourneyReadsThemAsBefore() throws {
        let db = try Self.v4Folder()
        try db.migrate()
        let store = StudyStore(database: db, appVersion: "test")
        let current = try #require(try store.currentEnrollment(studyID: "s1"))
        #expect(current.participantID == "P-OLD")
        #expect(current.kioskSessionID == nil)
        let journey = try #require(try store.currentScope(studyID: "s1"))
        #expect(try journey.resultCounts() == ResultCounts(stored: 1, completed: 1, unsent: 1))
        #expect(try journey.openRuns().count == 1)
        #expect(try store.run(id: Self.run)?.kioskSessionID == nil)
        #expect(try store.run(id: Self.run)?.kioskEndReason == nil)
        #expect(try db.scalar(sql: "SELECT COUNT(*) FROM kioskSession") == "0")
        #expect(try db.scalar(sql: "SELECT COUNT(*) FROM taskRun WHERE kioskSessionID IS NOT NULL OR kioskEndReason IS NOT NULL") == "0")
    }

    @Test func aMigratedFolderTakesKioskSessionsBesideItsJourney() throws {
        let db = try Self.v4Folder()
        try db.migrate()
        let store = StudyStore(database: db, appVersion: "test")
        let id = UUID()
        let scope = try KioskFixtures.begin(store, id: id, policy: .keep, at: 500)
        _ = try KioskFixtures.finishedRun(scope, at: 510)
        #expect(try store.currentEnrollment(studyID: "s1")?.participantID == "P-OLD")
        #expect(try store.kioskSessionCounts(since: T.at(0)).pendingResults == 1)
        #expect(try scope.resultCounts().stored == 1)
    }

    @Test func theSchemaRefusesAnEndWithoutItsReasonAndAnUnknownReason() throws {
        let store = try StudyStore.inMemory()
        let id = UUID()
        let scope = try KioskFixtures.begin(store, id: id, policy: .keep)
        #expect(throws: StoreError.self) {
            try store.database.execute(sql: "UPDATE kioskSession SET endedAt = '2026-01-01 00:00:00.000' WHERE id = '\(id.uuidString)'")
        }
        #expect(throws: StoreError.self) {
            try store.database.execute(sql: """
                UPDATE kioskSession SET endedAt = '2026-01-01 00:00:00.000', endReason = 'lunch' WHERE id = '\(id.uuidString)'
                """)
        }
        #expect(throws: StoreError.self) {
            try store.database.execute(sql: "INSERT INTO taskRun (id, studyID, taskID, status, startedAt, updatedAt, enrollmentID, kioskSessionID) VALUES ('R', 's1', 't', 'inProgress', '2026-01-01', '2026-01-01', \(scope.enrollmentID), 'NO-SUCH-SESSION')")
        }
    }
}
