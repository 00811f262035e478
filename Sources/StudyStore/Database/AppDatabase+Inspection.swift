import Foundation
import GRDB

extension AppDatabase {
    /// The journal mode and sync level in force on the writer connection.
    public struct Durability: Sendable, Equatable, CustomStringConvertible {
        /// `wal` on disk, `memory` in memory.
        public var journalMode: String
        /// SQLite's `synchronous` level: 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA.
        public var synchronous: Int
        /// E.g. "journal_mode=wal synchronous=FULL".
        public var description: String {
            let names = ["OFF", "NORMAL", "FULL", "EXTRA"]
            let level = names.indices.contains(synchronous) ? names[synchronous] : String(synchronous)
            return "journal_mode=\(journalMode) synchronous=\(level)"
        }
    }

    /// Reads the durability settings from the connection that commits.
    public func durability() throws(StoreError) -> Durability {
        do {
            return try writer.writeWithoutTransaction { db in
                Durability(journalMode: try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "?",
                           synchronous: try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1)
            }
        } catch {
            throw StoreError.wrapping(error, operation: "read the durability settings", path: path)
        }
    }

    /// The names of the migrations applied, in order.
    public func appliedMigrations() throws(StoreError) -> [String] {
        try read("list the applied migrations") { db in try Self.migrator.appliedMigrations(db) }
    }

    /// SQLite's quick integrity check; an empty list means no problem was found.
    public func integrityProblems() throws(StoreError) -> [String] {
        try read("check the database") { db in
            try String.fetchAll(db, sql: "PRAGMA quick_check").filter { $0 != "ok" }
        }
    }

    /// The user table names (tests and the read-only inspection).
    public func tableNames() throws(StoreError) -> [String] {
        try read("list the tables") { db in
            try String.fetchAll(db, sql: """
                SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
                ORDER BY name
                """)
        }
    }
}
