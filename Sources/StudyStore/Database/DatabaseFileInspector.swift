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
        let probe = try ReadOnlyProbe.read(path: path)
        let (appID, tables) = (probe.applicationID, probe.tables)
        if appID == applicationID { return .studyTerm }
        if appID != 0 {
            throw .foreignDatabase(path: path, detail: String(format: "its application id is 0x%08X, StudyTerm's is 0x%08X",
                                                               UInt32(bitPattern: appID), UInt32(bitPattern: applicationID)))
        }
        if tables.isEmpty { return .empty }
        let shown = tables.prefix(5).joined(separator: ", ") + (tables.count > 5 ? ", ..." : "")
        throw .foreignDatabase(path: path, detail: "it holds the tables \(shown) and no StudyTerm marker")
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
