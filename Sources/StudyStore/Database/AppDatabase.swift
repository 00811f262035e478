import Foundation
import GRDB

/// The one owner of the database writer and its migrations. Values share the same connection(s).
public struct AppDatabase: Sendable {
    /// How hard SQLite works to make a commit survive a crash.
    enum Synchronous: String, Sendable {
        /// Every commit syncs the WAL: survives kill -9 and power loss (the default).
        case full = "FULL"
        /// Commits sync only at checkpoints: survives kill -9, may lose the last commits on power loss.
        case normal = "NORMAL"
    }

    /// The writer (a WAL pool on disk, a queue in memory).
    let writer: any DatabaseWriter
    /// Where the database lives; ":memory:" for in-memory databases.
    public let path: String

    /// Wraps an open writer and brings its schema up to date.
    init(writer: any DatabaseWriter, path: String) throws(StoreError) {
        self.writer = writer
        self.path = path
        try migrate()
    }

    /// Opens (creating or migrating) the database in `location`, refusing files that are not ours.
    public static func open(at location: DataLocation) throws(StoreError) -> AppDatabase {
        try open(at: location, synchronous: .full)
    }

    /// Opens the database in `location` with the given sync level (the benchmark compares them).
    static func open(at location: DataLocation, synchronous: Synchronous) throws(StoreError) -> AppDatabase {
        try location.prepare()
        let path = location.databaseURL.path
        if try DatabaseFileInspector.inspect(path: path) == .absent {
            try location.createDatabaseFileIfMissing()
        }
        try location.secureDatabaseFiles()
        var config = Configuration()
        config.label = "StudyStore"
        config.busyMode = .timeout(5)
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: config)
            // DatabasePool sets NORMAL when it enables WAL; the writer connection is the one that commits.
            try pool.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = \(synchronous.rawValue)") }
        } catch {
            throw StoreError.wrapping(error, operation: "open the database", path: path)
        }
        let database = try AppDatabase(writer: pool, path: path)
        try location.secureDatabaseFiles()
        return database
    }

    /// A fresh, migrated in-memory database (tests, previews).
    public static func inMemory() throws(StoreError) -> AppDatabase {
        do {
            return try AppDatabase(writer: try DatabaseQueue(named: nil), path: ":memory:")
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.wrapping(error, operation: "create an in-memory database", path: ":memory:")
        }
    }

    /// Reads in a consistent snapshot; errors come back as `StoreError` naming `operation`.
    func read<T>(_ operation: String, _ body: (Database) throws -> T) throws(StoreError) -> T {
        do { return try writer.read(body) } catch { throw StoreError.wrapping(error, operation: operation, path: path) }
    }

    /// Writes in one transaction (all or nothing); errors come back as `StoreError`.
    func write<T>(_ operation: String, _ body: (Database) throws -> T) throws(StoreError) -> T {
        do { return try writer.write(body) } catch { throw StoreError.wrapping(error, operation: operation, path: path) }
    }
}
