import Foundation
import GRDB

extension AppDatabase {
    /// A fresh in-memory database migrated only up to `lastMigration`: the schema an older StudyTerm
    /// left (tests store rows in it, then call `migrate()` to move them over).
    static func inMemory(upTo lastMigration: String) throws(StoreError) -> AppDatabase {
        do {
            return try AppDatabase(writer: try DatabaseQueue(named: nil), path: ":memory:", upTo: lastMigration)
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.wrapping(error, operation: "create an in-memory database", path: ":memory:")
        }
    }

    /// Executes raw SQL in one transaction (tests install failing triggers with it to prove atomicity).
    func execute(sql: String) throws(StoreError) {
        try write("run SQL") { db in try db.execute(sql: sql) }
    }

    /// Fetches the first column of the first row of `sql` as text (tests read pragmas and counts).
    package func scalar(sql: String) throws(StoreError) -> String? {
        try read("run SQL") { db in try String.fetchOne(db, sql: sql) }
    }

    /// Fetches the first column of every row of `sql` as text.
    func strings(sql: String) throws(StoreError) -> [String] {
        try read("run SQL") { db in try String.fetchAll(db, sql: sql) }
    }

    /// SQLite's plan for `sql`, the detail lines joined (tests check that indexes are used).
    func queryPlan(sql: String) throws(StoreError) -> String {
        try read("explain the query") { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String }.joined(separator: " | ")
        }
    }

    /// Holds SQLite's exclusive lock for `seconds`, as a writer mid-commit does, calling `locked`
    /// once it has it (tests prove that readers in other connections wait instead of failing).
    func holdExclusiveLock(for seconds: TimeInterval, locked: () -> Void) throws(StoreError) {
        do {
            try writer.writeWithoutTransaction { db in
                try db.execute(sql: "BEGIN EXCLUSIVE")
                locked()
                Thread.sleep(forTimeInterval: seconds)
                try db.execute(sql: "COMMIT")
            }
        } catch {
            throw StoreError.wrapping(error, operation: "hold the lock", path: path)
        }
    }
}
