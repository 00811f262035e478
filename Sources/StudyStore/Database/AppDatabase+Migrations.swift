import Foundation
import GRDB

extension AppDatabase {
    /// The schema's history. Append only: never edit or reorder a shipped migration, add a new one.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-meta") { db in
            try db.execute(sql: "PRAGMA application_id = \(DatabaseFileInspector.applicationID)")
            try db.create(table: "meta") { t in
                t.primaryKey("key", .text)
                t.column("value", .text).notNull()
            }
            try db.execute(sql: "INSERT INTO meta (key, value) VALUES ('application', 'studyterm'), ('format', '1')")
        }
        migrator.registerMigration("v1-enrollment") { db in
            try db.create(table: "enrollment") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("studyID", .text).notNull().indexed()
                t.column("studyVersion", .text).notNull()
                t.column("participantID", .text)
                t.column("baseURL", .text)
                t.column("registrationToken", .text)
                t.column("enrolledAt", .datetime).notNull()
                t.column("withdrawnAt", .datetime)
                t.column("withdrawalReason", .text)
            }
        }
        migrator.registerMigration("v1-consent") { db in
            try db.create(table: "consent") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("studyID", .text).notNull()
                t.column("definitionVersion", .text).notNull()
                t.column("textSHA256", .text).notNull()
                t.column("agreedAt", .datetime).notNull()
            }
            try db.create(index: "consent_on_study", on: "consent", columns: ["studyID", "agreedAt"])
        }
        migrator.registerMigration("v1-taskRun") { db in
            try db.create(table: "taskRun") { t in
                t.primaryKey("id", .text)
                t.column("studyID", .text).notNull()
                t.column("taskID", .text).notNull()
                t.column("windowStart", .datetime)
                t.column("windowEnd", .datetime)
                t.column("status", .text).notNull()
                t.column("startedAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
                t.column("finishedAt", .datetime)
            }
            // Dashboard: per-task counts and the latest run of each task, answered from the index alone.
            try db.create(index: "taskRun_on_task", on: "taskRun",
                          columns: ["studyID", "taskID", "updatedAt", "status", "finishedAt"])
            // Resume: the few open runs, newest first.
            try db.execute(sql: """
                CREATE INDEX taskRun_open ON taskRun(studyID, updatedAt) WHERE status IN ('inProgress', 'saved')
                """)
        }
        migrator.registerMigration("v1-result") { db in
            try db.create(table: "result") { t in
                t.primaryKey("runID", .text).references("taskRun", onDelete: .cascade)
                t.column("taskResult", .text).notNull()
                t.column("questionnaireResponse", .text)
                t.column("observations", .text)
                t.column("metadata", .text).notNull()
                t.column("storedAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("v1-snapshot") { db in
            try db.create(table: "snapshot") { t in
                t.primaryKey("runID", .text).references("taskRun", onDelete: .cascade)
                t.column("data", .text).notNull()
                t.column("stepPath", .text).notNull()
                t.column("updatedAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("v1-outbox") { db in
            try db.create(table: "outbox") { t in
                t.primaryKey("id", .text)
                t.column("runID", .text).references("taskRun").indexed()
                t.column("kind", .text).notNull()
                t.column("payload", .text).notNull()
                t.column("metadata", .text).notNull()
                t.column("createdAt", .datetime).notNull()
                t.column("attempts", .integer).notNull().defaults(to: 0)
                t.column("lastError", .text)
                t.column("lastAttemptAt", .datetime)
                t.column("nextAttemptAt", .datetime)
                t.column("acceptedAt", .datetime)
            }
            try db.execute(sql: "CREATE INDEX outbox_pending ON outbox(createdAt) WHERE acceptedAt IS NULL")
        }
        migrator.registerMigration("v1-notification") { db in
            try db.create(table: "notification") { t in
                t.primaryKey("id", .text)
                t.column("kind", .text).notNull()
                t.column("title", .text).notNull()
                t.column("body", .text).notNull()
                t.column("createdAt", .datetime).notNull()
                t.column("dueAt", .datetime)
                t.column("readAt", .datetime)
            }
            try db.execute(sql: "CREATE INDEX notification_unread ON notification(createdAt) WHERE readAt IS NULL")
        }
        migrator.registerMigration("v2-enrollment-participantID") { db in
            // Every enrollment has a participant identifier (earlier builds left the demo's empty).
            let ids = try Int64.fetchAll(db, sql: "SELECT id FROM enrollment WHERE participantID IS NULL OR participantID = ''")
            for id in ids {
                try db.execute(sql: "UPDATE enrollment SET participantID = ? WHERE id = ?", arguments: [Enrollment.newParticipantID(), id])
            }
        }
        migrator.registerMigration("v3-server-sync") { db in
            // Credentials a study server gave (the key in clear: the app must send it; the file is 0600).
            try db.create(table: "serverCredential") { t in
                t.primaryKey("participantID", .text)
                t.column("studyID", .text).notNull()
                t.column("baseURL", .text).notNull()
                t.column("apiKey", .text).notNull()
                t.column("savedAt", .datetime).notNull()
            }
            // A refused item (4xx) waits here with the server's reason instead of being retried.
            try db.alter(table: "outbox") { t in
                t.add(column: "parkedAt", .datetime)
                t.add(column: "parkedReason", .text)
            }
            // One row: when the study server was last reached, and the last failure in words.
            try db.create(table: "syncState") { t in
                t.primaryKey("id", .integer).check { $0 == 1 }
                t.column("lastAttemptAt", .datetime)
                t.column("lastSuccessAt", .datetime)
                t.column("lastError", .text)
                t.column("lastErrorAt", .datetime)
            }
        }
        migrator.registerMigration("v4-enrollment-scope") { db in
            try EnrollmentScopeMigration.apply(db)
        }
        migrator.registerMigration("v5-kiosk-session") { db in
            try KioskSessionMigration.apply(db)
        }
        migrator.registerMigration("v6-consent-language") { db in
            // The language a kiosk participant chose, stored with their consent (journey rows keep NULL).
            try db.alter(table: "consent") { t in t.add(column: "language", .text) }
        }
        return migrator
    }

    /// Applies the migrations not yet applied (up to `lastMigration` when given: tests build old
    /// schemas with it), refusing a database from a newer StudyTerm.
    func migrate(upTo lastMigration: String? = nil) throws(StoreError) {
        let migrator = Self.migrator
        let known = Set(migrator.migrations)
        let applied: [String]
        do {
            applied = try writer.read { db in
                try db.tableExists("grdb_migrations") ? try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") : []
            }
        } catch {
            throw StoreError.wrapping(error, operation: "read the schema version", path: path)
        }
        let unknown = applied.filter { !known.contains($0) }
        if !unknown.isEmpty { throw .newerDatabase(path: path, unknownMigrations: unknown.sorted()) }
        do {
            if let lastMigration { try migrator.migrate(writer, upTo: lastMigration) } else { try migrator.migrate(writer) }
        } catch {
            throw StoreError.wrapping(error, operation: "update the database schema", path: path)
        }
    }
}
