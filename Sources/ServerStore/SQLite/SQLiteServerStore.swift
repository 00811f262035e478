import Foundation
import GRDB
import StudyAPI

/// The embedded engine: one SQLite file (WAL) through GRDB. Serves one process; the default
/// of `studyterm-server --study DIR`.
public final class SQLiteServerStore: ServerStorage {
    /// The database file.
    public let path: String
    let pool: DatabasePool

    /// Opens (creating) the database at `path`. Its files (database, `-wal`, `-shm`) are the owner's
    /// alone (0600) and a folder made for it is 0700; an existing file that other users can open
    /// is refused (``ServerStoreError/exposed(file:mode:)``).
    public init(path: String) throws(ServerStoreError) {
        self.path = path
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        try DatabaseFileModes.checkPrivate(path)
        do {
            try DatabaseFileModes.makeFolder((path as NSString).deletingLastPathComponent)
            pool = try DatabaseFileModes.withPrivateMask { try DatabasePool(path: path, configuration: configuration) }
            DatabaseFileModes.restrict(path)
        } catch {
            throw .unavailable("\(path): \(Self.reason(error))")
        }
    }

    /// Creates the tables (append-only named migrations).
    public func migrate() async throws(ServerStoreError) {
        do {
            try Self.migrator.migrate(pool)
        } catch {
            throw .failed(operation: "create the server tables", reason: Self.reason(error))
        }
    }

    /// Reads one row.
    public func ping() async throws(ServerStoreError) {
        try await read("check the database") { db in _ = try Int.fetchOne(db, sql: "SELECT 1") }
    }

    /// Closes the pool.
    public func close() async { try? pool.close() }

    /// A read, its errors named after `operation`.
    func read<T: Sendable>(_ operation: String, _ body: @escaping @Sendable (Database) throws -> T) async throws(ServerStoreError) -> T {
        do { return try await pool.read(body) } catch let error as ServerStoreError { throw error } catch {
            throw .failed(operation: operation, reason: Self.reason(error))
        }
    }

    /// A write transaction, its errors named after `operation`.
    func write<T: Sendable>(_ operation: String, _ body: @escaping @Sendable (Database) throws -> T) async throws(ServerStoreError) -> T {
        do { return try await pool.write(body) } catch let error as ServerStoreError { throw error } catch {
            throw .failed(operation: operation, reason: Self.reason(error))
        }
    }

    /// The database's reason without the SQL arguments (GRDB leaves them out unless asked).
    static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return "SQLite error \(error.resultCode.rawValue): \(error.message ?? "")" }
        return String(describing: error)
    }
}
