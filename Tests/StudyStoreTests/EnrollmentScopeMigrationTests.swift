import Foundation
import StudyCore
import StudyExport
import Testing
@testable import StudyStore

/// `v4-enrollment-scope` on a folder an older StudyTerm left: a participant who left the demo and
/// joined again (enrollments A and B), and a study no one enrolled in. Rows are written with raw
/// SQL of the old schema (the migrator run only up to `v3-server-sync`).
@Suite struct EnrollmentScopeMigrationTests {
    static let lastOldMigration = "v3-server-sync"

    /// The text GRDB stores for a date.
    static func sql(_ date: Date) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
        return "'\(f.string(from: date))'"
    }

    static func quoted(_ json: JSONValue) -> String { "'" + json.compactJSON.replacingOccurrences(of: "'", with: "''") + "'" }

    /// An old-schema run (with a result and its outbox item when `participant` is given as metadata).
    static func oldRun(_ db: AppDatabase, id: UUID, study: String, started: Double, status: String = "completed",
                       participant: String??) throws {
        let finished = status == "completed" ? sql(T.at(started + 60)) : "NULL"
        try db.execute(sql: """
            INSERT INTO taskRun (id, studyID, taskID, status, startedAt, updatedAt, finishedAt)
            VALUES ('\(id.uuidString)', '\(study)', 'mood', '\(status)', \(sql(T.at(started))), \(sql(T.at(started + 60))), \(finished))
            """)
        guard let participant else { return }
        var metadata: [String: JSONValue] = ["studyId": .string(study), "taskId": "mood", "taskRunUUID": .string(id.uuidString)]
        if let participant { metadata["participantId"] = .string(participant) }
        try db.execute(sql: """
            INSERT INTO result (runID, taskResult, metadata, storedAt)
            VALUES ('\(id.uuidString)', \(quoted(StoreFixtures.result(runID: id).json)), \(quoted(.object(metadata))), \(sql(T.at(started + 60))));
            INSERT INTO outbox (id, runID, kind, payload, metadata, createdAt)
            VALUES ('\(UUID().uuidString)', '\(id.uuidString)', 'taskResult', '{}', \(quoted(.object(metadata))), \(sql(T.at(started + 60))))
            """)
    }

    struct OldFolder {
        let db: AppDatabase
        let beforeEveryone = UUID(), ofA = UUID(), ofB = UUID(), openOfB = UUID(), orphan = UUID(), legacyOfA = UUID()
    }

    /// A left at 500 and joined again as B at 1000; "lone" has a result and no enrollment.
    static func oldFolder() throws -> OldFolder {
        let folder = OldFolder(db: try AppDatabase.inMemory(upTo: lastOldMigration))
        let db = folder.db
        try db.execute(sql: """
            INSERT INTO enrollment (id, studyID, studyVersion, participantID, enrolledAt, withdrawnAt)
            VALUES (1, 'demo', '1', 'PART-A', \(sql(T.at(0))), \(sql(T.at(500)))),
                   (2, 'demo', '1', 'PART-B', \(sql(T.at(1000))), NULL);
            INSERT INTO consent (studyID, definitionVersion, textSHA256, agreedAt)
            VALUES ('demo', '1', 'a', \(sql(T.at(0)))), ('demo', '1', 'b', \(sql(T.at(1000)))), ('demo', '1', 'a2', \(sql(T.at(300))));
            INSERT INTO notification (id, kind, title, body, createdAt)
            VALUES ('n-early', 'message', 't', 'b', \(sql(T.at(-50)))), ('n-a', 'message', 't', 'b', \(sql(T.at(200)))),
                   ('n-b', 'message', 't', 'b', \(sql(T.at(1500))));
            INSERT INTO outbox (id, runID, kind, payload, metadata, createdAt)
            VALUES ('\(UUID().uuidString)', NULL, 'withdrawal', '{}', '{"studyId":"demo","participantId":"PART-A"}', \(sql(T.at(1000))));
            """)
        try oldRun(db, id: folder.beforeEveryone, study: "demo", started: -100, participant: .some(nil))
        try oldRun(db, id: folder.ofA, study: "demo", started: 100, participant: "PART-A")
        try oldRun(db, id: folder.legacyOfA, study: "demo", started: 200, participant: .some(nil))
        try oldRun(db, id: folder.ofB, study: "demo", started: 1100, participant: "PART-B")
        try oldRun(db, id: folder.openOfB, study: "demo", started: 1200, status: "saved", participant: nil)
        try oldRun(db, id: folder.orphan, study: "lone", started: 50, participant: .some(nil))
        return folder
    }

    static func enrollment(_ db: AppDatabase, _ table: String, _ key: String, _ id: String) throws -> String? {
        try db.scalar(sql: "SELECT COALESCE(enrollmentID, 'NULL') FROM \(table) WHERE \(key) = '\(id)'")
    }

    @Test func givesEveryOldRowTheEnrollmentCurrentWhenItWasMade() throws {
        let folder = try Self.oldFolder()
        let db = folder.db
        let counts = ["taskRun", "result", "outbox", "consent", "notification"].map { "(SELECT COUNT(*) FROM \($0))" }
            .joined(separator: " || ',' || ")
        let before = try db.scalar(sql: "SELECT \(counts)")
        try db.migrate()
        #expect(try db.appliedMigrations() == MigrationTests.expected)
        #expect(try db.scalar(sql: "SELECT \(counts)") == before, "nothing is lost")
        for table in ["taskRun", "result"] {
            let key = table == "taskRun" ? "id" : "runID"
            #expect(try Self.enrollment(db, table, key, folder.beforeEveryone.uuidString) == "1", "older than every enrollment: the first")
            #expect(try Self.enrollment(db, table, key, folder.ofA.uuidString) == "1")
            #expect(try Self.enrollment(db, table, key, folder.legacyOfA.uuidString) == "1", "no participant in the metadata: by time")
            #expect(try Self.enrollment(db, table, key, folder.ofB.uuidString) == "2")
            #expect(try Self.enrollment(db, table, key, folder.orphan.uuidString) == "NULL", "a study no one enrolled in keeps NULL")
        }
        #expect(try Self.enrollment(db, "taskRun", "id", folder.openOfB.uuidString) == "2")
        #expect(try Self.enrollment(db, "outbox", "runID", folder.ofB.uuidString) == "2")
        #expect(try Self.enrollment(db, "outbox", "kind", "withdrawal") == "1",
                "the withdrawal names its participant, though B enrolled the same second")
        #expect(try db.strings(sql: "SELECT enrollmentID FROM consent ORDER BY textSHA256") == ["1", "1", "2"])
        #expect(try db.strings(sql: "SELECT COALESCE(enrollmentID, 'NULL') FROM notification ORDER BY createdAt") == ["1", "1", "2"])
        #expect(try db.strings(sql: "SELECT id FROM notification ORDER BY createdAt") == ["n-early", "n-a", "n-b"])
        #expect(try db.queryPlan(sql: "SELECT * FROM notification WHERE readAt IS NULL ORDER BY createdAt").contains("notification_unread"))
    }

    @Test func aMigratedFolderShowsTheRejoinedParticipantOnlyTheirOwnAndExportsBoth() throws {
        let folder = try Self.oldFolder()
        try folder.db.migrate()
        let store = StudyStore(database: folder.db, appVersion: "1")
        let b = try #require(try store.currentScope(studyID: "demo"))
        #expect(b.enrollment.participantID == "PART-B")
        let dashboard = try b.dashboard()
        #expect(dashboard.results == ResultCounts(stored: 1, completed: 1, unsent: 1))
        #expect(dashboard.openRuns.map(\.run.id) == [folder.openOfB])
        #expect(dashboard.unreadNotificationCount == 1)
        #expect(try b.exportableRuns().map(\.runID) == [folder.ofB])
        let a = store.scoped(to: try #require(try store.allEnrollments().first))
        #expect(try a.resultCounts().stored == 3)
        #expect(try store.pendingOutbox(participantID: "PART-A", now: nil, limit: 100).count == 4, "three results and the withdrawal")
        let whole = try store.exportableRuns()
        #expect(Set(whole.map(\.runID)) == [folder.beforeEveryone, folder.ofA, folder.legacyOfA, folder.ofB, folder.orphan],
                "the whole-folder export reads every result, NULL ones included")
        let (csv, count) = try store.exportDocument(.csv)
        #expect(count == 5)
        #expect(csv.contains("demo,PART-A,mood,\(folder.ofA.uuidString)"))
        #expect(csv.contains("demo,PART-B,mood,\(folder.ofB.uuidString)"))
        #expect(csv.contains("demo,PART-A,mood,\(folder.legacyOfA.uuidString)"), "a result stored without a participant gets its enrollment's")
        #expect(csv.contains("lone,,mood,\(folder.orphan.uuidString)"))
    }

    @Test func indexesTheParticipantsQueries() throws {
        let db = try AppDatabase.inMemory()
        #expect(try db.queryPlan(sql: """
            SELECT * FROM taskRun t WHERE t.enrollmentID = 1 AND status IN ('inProgress', 'saved') ORDER BY updatedAt DESC
            """).contains("taskRun_open_by_enrollment"))
        #expect(try db.queryPlan(sql: """
            SELECT taskID, COUNT(*), SUM(status = 'completed'), MAX(updatedAt) FROM taskRun t WHERE t.enrollmentID = 1 GROUP BY taskID
            """).contains("COVERING INDEX taskRun_on_enrollment"))
        #expect(try db.queryPlan(sql: """
            SELECT * FROM outbox WHERE acceptedAt IS NULL AND parkedAt IS NULL
            AND enrollmentID IN (SELECT id FROM enrollment WHERE participantID = 'p') ORDER BY createdAt
            """).contains("outbox_pending_by_enrollment"))
        #expect(try db.queryPlan(sql: "SELECT COUNT(*) FROM notification n WHERE n.enrollmentID = 1 AND readAt IS NULL")
            .contains("notification_on_enrollment"))
        #expect(try db.queryPlan(sql: "SELECT * FROM consent WHERE enrollmentID = 1 ORDER BY agreedAt DESC")
            .contains("consent_on_enrollment"))
    }
}
