import Foundation
import GRDB

/// The one owner of the database writer and its migrations. Values share the same connection(s).
public struct AppDatabase: Sendable {
    /// How hard SQLite works to make a commit survive a crash.
    package enum Synchronous: String, Sendable {
        /// Every commit syncs the journal and the database: survives kill -9 and power loss (the default).
        case full = "FULL"
        /// Fewer syncs: survives kill -9, may lose the last commits on power loss.
        case normal = "NORMAL"
        /// No syncs at all: only for filling a scratch database fast (the benchmark's seed).
        case off = "OFF"
    }

    /// The writer: one connection, on disk with a rollback journal, or in memory.
    let writer: any DatabaseWriter
    /// Where the database lives; ":memory:" for in-memory databases.
    public let path: String
    /// The data folder's writer lock, held while this value lives (nil in memory and for readers).
    let lock: DataFolderLock?

    /// Wraps an open writer and brings its schema up to date (only up to `lastMigration` when given).
    init(writer: any DatabaseWriter, path: String, lock: DataFolderLock? = nil, upTo lastMigration: String? = nil) throws(StoreError) {
        self.writer = writer
        self.path = path
        self.lock = lock
        try migrate(upTo: lastMigration)
    }

    /// Wraps a read-only connection; the schema must be one this build knows completely.
    /// `besideWriter` says whether a writer is running (then it is the one updating the schema).
    private init(reader: DatabaseQueue, path: String, besideWriter: Bool) throws(StoreError) {
        self.writer = reader
        self.path = path
        self.lock = nil
        let known = Self.migrator.migrations
        let applied = try read("read the schema version") { db in
            try db.tableExists("grdb_migrations") ? try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") : []
        }
        if Set(applied) != Set(known) {
            throw .database(operation: "read the data", path: path, code: -1, message: besideWriter
                ? "its schema is being updated by the StudyTerm that is running; try again when it has ended"
                : "it was written by an older StudyTerm and its folder cannot be written to bring it up to date; copy the folder somewhere writable and export from there")
        }
    }

    /// Opens (creating or migrating) the database in `location`, refusing files that are not ours,
    /// as the one writer of `scope` (see ``DataFolderLock``: the journey's scope, or a kiosk
    /// session's); throws `.folderInUse` naming the holder when another process writes for it.
    public static func open(at location: DataLocation, scope: String = DataFolderLock.journey) throws(StoreError) -> AppDatabase {
        try open(at: location, synchronous: .full, scope: scope)
    }

    /// Opens the database in `location` with the given sync level (the benchmark compares them).
    package static func open(at location: DataLocation, synchronous: Synchronous, scope: String = DataFolderLock.journey,
                     waiting: TimeInterval = DataFolderLock.waitForHolder) throws(StoreError) -> AppDatabase {
        try location.prepare()
        let path = location.databaseURL.path
        // Read-only inspection first: a file that is refused leaves the folder as it was. A file
        // another StudyTerm is making or writing right now may look half-made: that process holds
        // the lock, and the refusal names it instead.
        var verdict: DatabaseFileInspector.Verdict
        do {
            verdict = try DatabaseFileInspector.inspect(path: path)
        } catch {
            if DataFolderLock.isHeld(in: location, scope: scope) {
                _ = try DataFolderLock.acquire(in: location, scope: scope, waiting: waiting)
            }
            throw error
        }
        let lock = try DataFolderLock.acquire(in: location, scope: scope, waiting: waiting)
        if verdict != .studyTerm { verdict = try DatabaseFileInspector.inspect(path: path) }  // made meanwhile?
        if verdict == .absent {
            try location.createDatabaseFileIfMissing()
        }
        try location.secureDatabaseFiles()
        var config = Configuration()
        config.label = "StudyStore"
        config.busyMode = .timeout(5)
        // A rollback journal, not WAL: WAL keeps its index in a shared-memory file mapped into the
        // process (`-shm`), and a change to that file under the app (a full disk, chattr, a second
        // program) is a SIGBUS, not an error. A journal is plain reads and writes, every failure an
        // error code, and readers in other processes (export, check) still read between commits.
        // TRUNCATE empties the journal instead of deleting it: one directory update less per commit.
        config.prepareDatabase { db in
            try db.execute(sql: "PRAGMA journal_mode = TRUNCATE")
            try db.execute(sql: "PRAGMA synchronous = \(synchronous.rawValue)")
        }
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: path, configuration: config)
        } catch {
            throw StoreError.wrapping(error, operation: "open the database", path: path)
        }
        let database = try AppDatabase(writer: queue, path: path, lock: lock)
        try location.secureDatabaseFiles()
        return database
    }

    /// Opens the database in `location` to read while another process may be writing to it (export
    /// beside a running journey), holding no lock while it reads: a journey may start meanwhile. The
    /// file is inspected read-only first. When no one writes to it, the file is first brought up to
    /// date as a writer would (a journal left by a crash rolled back, migrations), under the writer's
    /// lock, which is let go again before the reading starts.
    public static func openForReading(at location: DataLocation) throws(StoreError) -> AppDatabase {
        var besideWriter = DataFolderLock.isHeld(in: location)
        if !besideWriter {
            do {
                _ = try open(at: location, synchronous: .full, scope: DataFolderLock.journey, waiting: 0)
            } catch .folderInUse {
                besideWriter = true  // a writer started meanwhile and keeps the file up to date: read beside it
            } catch .folderNotWritable, .diskFull {
                // A folder that can only be read (read-only media, a full disk, a copy that is not
                // ours to change): read the file as it is.
            }
        }
        let path = location.databaseURL.path
        guard try DatabaseFileInspector.inspect(path: path) == .studyTerm else {
            throw .database(operation: "read the data", path: path, code: -1, message: "there is no StudyTerm data in it yet")
        }
        var config = Configuration()
        config.label = "StudyStore reader"
        config.readonly = true
        config.busyMode = .timeout(5)
        do {
            return try AppDatabase(reader: try DatabaseQueue(path: path, configuration: config), path: path, besideWriter: besideWriter)
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.wrapping(error, operation: "open the database for reading", path: path)
        }
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
