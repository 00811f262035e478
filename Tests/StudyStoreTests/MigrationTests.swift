import Foundation
import StudyTestSupport
import Testing
@testable import StudyStore

@Suite struct MigrationTests {
    static let expected = ["v1-meta", "v1-enrollment", "v1-consent", "v1-taskRun", "v1-result", "v1-snapshot",
                           "v1-outbox", "v1-notification", "v2-enrollment-participantID", "v3-server-sync",
                           "v4-enrollment-scope", "v5-kiosk-session", "v6-consent-language"]

    @Test func migratesAnEmptyDatabaseToEveryNamedMigrationInOrder() throws {
        let db = try AppDatabase.inMemory()
        #expect(try db.appliedMigrations() == Self.expected)
        #expect(try db.tableNames() == ["consent", "enrollment", "grdb_migrations", "kioskSession", "meta", "notification",
                                        "outbox", "result", "serverCredential", "snapshot", "syncState", "taskRun"])
        #expect(try db.scalar(sql: "PRAGMA application_id") == String(DatabaseFileInspector.applicationID))
        #expect(try db.scalar(sql: "SELECT value FROM meta WHERE key = 'application'") == "studyterm")
    }

    @Test func reopeningAMigratedFileAppliesNothingTwiceAndKeepsData() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let location = DataLocation(folder: dir.url.appendingPathComponent("data"))
        do {
            let store = StudyStore(database: try AppDatabase.open(at: location), appVersion: "1")
            try store.startRun(id: UUID(), studyID: "s1", taskID: "t", at: T.at(0))
        }
        let reopened = try AppDatabase.open(at: location)
        #expect(try reopened.appliedMigrations() == Self.expected)
        #expect(try reopened.scalar(sql: "SELECT COUNT(*) FROM taskRun") == "1")
        #expect(try reopened.scalar(sql: "SELECT COUNT(*) FROM grdb_migrations") == String(Self.expected.count))
    }

    @Test func givesAParticipantIDToEnrollmentsStoredWithoutOne() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let location = DataLocation(folder: dir.url)
        do {
            let old = try AppDatabase.open(at: location)   // as an earlier build left it: no identifier
            try old.execute(sql: """
                INSERT INTO enrollment (studyID, studyVersion, participantID, enrolledAt) VALUES ('demo', '1', NULL, '2026-03-27 10:00:00.000');
                INSERT INTO enrollment (studyID, studyVersion, participantID, enrolledAt) VALUES ('s1', '1', 'ABCD2345', '2026-03-27 10:00:00.000');
                DELETE FROM grdb_migrations WHERE identifier = 'v2-enrollment-participantID';
                """)
        }
        let store = StudyStore(database: try AppDatabase.open(at: location), appVersion: "1")
        let ids = try store.allEnrollments().map(\.participantID)
        #expect(ids.count == 2 && ids[1] == "ABCD2345")
        #expect(!(ids[0] ?? "").isEmpty)
    }

    @Test func refusesADatabaseFromANewerStudyTerm() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let location = DataLocation(folder: dir.url)
        try AppDatabase.open(at: location).execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9-future')")
        #expect(throws: StoreError.newerDatabase(path: location.databaseURL.path, unknownMigrations: ["v9-future"])) {
            try AppDatabase.open(at: location)
        }
    }

    @Test func indexesTheDashboardAndResumeQueries() throws {
        let db = try AppDatabase.inMemory()
        let open = try db.queryPlan(sql: """
            SELECT * FROM taskRun WHERE studyID = 's' AND status IN ('inProgress', 'saved') ORDER BY updatedAt DESC
            """)
        #expect(open.contains("taskRun_open"))
        let tasks = try db.queryPlan(sql: """
            SELECT taskID, COUNT(*), SUM(status = 'completed'), MAX(updatedAt) FROM taskRun WHERE studyID = 's' GROUP BY taskID
            """)
        #expect(tasks.contains("COVERING INDEX taskRun_on_task"))
        let pending = try db.queryPlan(sql: "SELECT COUNT(*) FROM outbox WHERE acceptedAt IS NULL")
        #expect(pending.contains("outbox_pending"))
    }
}
