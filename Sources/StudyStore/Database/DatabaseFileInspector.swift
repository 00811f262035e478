import Foundation

/// Looks at an existing database file without writing to it, so a file that is not ours is left untouched.
enum DatabaseFileInspector {
    /// What the file turned out to be.
    enum Verdict: Equatable {
        /// No file yet.
        case absent
        /// A zero-length file or an SQLite file with no tables: safe to migrate.
        case empty
        /// A StudyTerm database (our application id).
        case studyTerm
    }

    /// The `PRAGMA application_id` our first migration writes ("STRM").
    static let applicationID: Int32 = 0x5354_524D

    /// The 16 bytes every SQLite 3 file starts with.
    private static let magic = Array("SQLite format 3\0".utf8)

    /// Classifies the file at `path`, throwing a clear error for anything that is not ours.
    static func inspect(path: String) throws(StoreError) -> Verdict {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return .absent }
        if isFolder.boolValue { throw .notADatabase(path: path) }
        let header = try readHeader(path: path)
        if header.isEmpty { return .empty }
        guard header.count >= 100, Array(header.prefix(16)) == magic else { throw .notADatabase(path: path) }
        let probe: ReadOnlyProbe
        do {
            probe = try ReadOnlyProbe.read(path: path, ourApplicationID: applicationID)
        } catch .database(_, _, let code, _) where code & 0xFF == 8 /* SQLITE_READONLY */ && headerApplicationID(header) == applicationID {
            // A journal left by a crash that only a writer can roll back: ours by its header, so the
            // writer opens it, recovers the last commit, and the schema check runs then.
            return .studyTerm
        }
        let (appID, tables) = (probe.applicationID, probe.tables)
        if appID == applicationID {
            if !probe.problems.isEmpty {
                throw .corruptDatabase(path: path, detail: probe.problems.prefix(2).joined(separator: "; "))
            }
            let known = Set(AppDatabase.migrator.migrations)
            let unknown = probe.migrations.filter { !known.contains($0) }
            if !unknown.isEmpty { throw .newerDatabase(path: path, unknownMigrations: unknown.sorted()) }
            return .studyTerm
        }
        if appID != 0 {
            throw .foreignDatabase(path: path, detail: String(format: "its application id is 0x%08X, StudyTerm's is 0x%08X",
                                                               UInt32(bitPattern: appID), UInt32(bitPattern: applicationID)))
        }
        if tables.isEmpty { return .empty }
        let shown = tables.prefix(5).joined(separator: ", ") + (tables.count > 5 ? ", ..." : "")
        throw .foreignDatabase(path: path, detail: "it holds the tables \(shown) and no StudyTerm marker")
    }

    /// The application id in the header (bytes 68 to 71, big-endian).
    private static func headerApplicationID(_ header: Data) -> Int32 {
        guard header.count >= 72 else { return 0 }
        let bytes = Array(header[68..<72])
        return Int32(bitPattern: bytes.reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
    }

    /// The first 100 bytes (the SQLite header), read without opening the file for writing.
    private static func readHeader(path: String) throws(StoreError) -> Data {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .fileNotReadable(path: path, reason: DataLocation.lastError())
        }
        defer { try? handle.close() }
        do {
            return try handle.read(upToCount: 100) ?? Data()
        } catch {
            throw .fileNotReadable(path: path, reason: "\(error)")
        }
    }
}
