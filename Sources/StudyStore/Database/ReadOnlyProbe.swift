import Foundation
import GRDBSQLite

/// Reads a database file's identity, schema history and soundness through SQLite's C API, opened
/// read-only and, when no WAL or journal file is present, `immutable` so SQLite creates no file beside
/// it and takes no lock: the file stays untouched, whatever it turns out to be.
struct ReadOnlyProbe {
    /// The file's `PRAGMA application_id`.
    var applicationID: Int32
    /// Its table names, SQLite's own left out.
    var tables: [String]
    /// The migrations recorded in `grdb_migrations` (empty when there is no such table).
    var migrations: [String] = []
    /// What `PRAGMA quick_check` found wrong, at most a few lines (empty: sound). Filled only for a
    /// file with our application id: a foreign file is refused before it matters.
    var problems: [String] = []

    /// Opens `path`, reads the application id and the table names, and closes it again.
    static func read(path: String, ourApplicationID: Int32) throws(StoreError) -> ReadOnlyProbe {
        // A WAL or a journal left by a crash must be read through SQLite's locks (a hot journal
        // cannot be rolled back read-only: the caller then opens for writing, which recovers it).
        let pending = ["-wal", "-journal"].contains { FileManager.default.fileExists(atPath: path + $0) }
        let encoded = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
        let uri = "file:" + encoded + (pending ? "?mode=ro" : "?mode=ro&immutable=1")
        var handle: OpaquePointer?
        defer { sqlite3_close_v2(handle) }
        let rc = sqlite3_open_v2(uri, &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nil)
        guard rc == SQLITE_OK, let handle else { throw error(rc, handle, path: path) }
        // A writer beside us (a running journey) may hold the lock mid-commit: wait for it, as the
        // store's own connections do, instead of failing with "database is locked".
        sqlite3_busy_timeout(handle, 5_000)
        let appID = try rows(handle, "PRAGMA application_id", path: path).first.flatMap { Int32($0) } ?? 0
        let tables = try rows(handle, """
            SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name
            """, path: path)
        var probe = ReadOnlyProbe(applicationID: appID, tables: tables)
        guard appID == ourApplicationID else { return probe }
        if tables.contains("grdb_migrations") {
            probe.migrations = try rows(handle, "SELECT identifier FROM grdb_migrations", path: path)
        }
        probe.problems = try rows(handle, "PRAGMA quick_check(5)", path: path).filter { $0 != "ok" }
        return probe
    }

    /// The first column of every row of `sql`, as text.
    private static func rows(_ db: OpaquePointer, _ sql: String, path: String) throws(StoreError) -> [String] {
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        var rc = sqlite3_prepare_v2(db, sql, -1, &statement, nil)
        guard rc == SQLITE_OK else { throw error(rc, db, path: path) }
        var out: [String] = []
        while true {
            rc = sqlite3_step(statement)
            if rc == SQLITE_DONE { return out }
            guard rc == SQLITE_ROW else { throw error(rc, db, path: path) }
            out.append(sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "")
        }
    }

    /// The store error for an SQLite result code.
    private static func error(_ rc: Int32, _ db: OpaquePointer?, path: String) -> StoreError {
        let message = db.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(rc))
        switch rc & 0xFF {
        case SQLITE_NOTADB: return .notADatabase(path: path)
        case SQLITE_CORRUPT: return .corruptDatabase(path: path, detail: message)
        default: return .database(operation: "inspect the data file", path: path, code: rc, message: message)
        }
    }
}
