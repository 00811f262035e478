import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where StudyTerm keeps its data: a private folder holding one SQLite file.
public struct DataLocation: Sendable, Equatable {
    /// The database file's name inside the folder.
    public static let databaseFileName = "studyterm.sqlite"

    /// The data folder.
    public let folder: URL

    /// Uses `folder` as it is (no resolution).
    public init(folder: URL) {
        self.folder = folder.standardizedFileURL
    }

    /// True when `url` is the data folder or inside it (symbolic links resolved): exports and other
    /// files for the participant must never land there.
    public func contains(_ url: URL) -> Bool {
        Self.resolved(url).pathComponents.starts(with: Self.resolved(folder).pathComponents)
    }

    /// `url` with the symbolic links of its longest existing ancestor resolved.
    static func resolved(_ url: URL) -> URL {
        var existing = url.standardizedFileURL
        var rest: [String] = []
        while !FileManager.default.fileExists(atPath: existing.path), existing.pathComponents.count > 1 {
            rest.insert(existing.lastPathComponent, at: 0)
            existing.deleteLastPathComponent()
        }
        return rest.reduce(existing.resolvingSymlinksInPath()) { $0.appendingPathComponent($1) }
    }

    /// Picks the folder: `explicit` (`--data-dir`) > `$XDG_DATA_HOME/studyterm` > `~/.local/share/studyterm`.
    /// A relative `explicit` path is taken from the current directory; a relative or empty
    /// `XDG_DATA_HOME` is ignored, as the XDG spec says.
    public static func resolve(explicit: String? = nil,
                               environment: [String: String] = ProcessInfo.processInfo.environment) -> DataLocation {
        if let explicit, !explicit.isEmpty {
            return DataLocation(folder: URL(fileURLWithPath: explicit, isDirectory: true))
        }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return DataLocation(folder: URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("studyterm"))
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return DataLocation(folder: URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".local/share/studyterm"))
    }

    /// The SQLite database file.
    public var databaseURL: URL { folder.appendingPathComponent(Self.databaseFileName) }

    /// The database file and the files SQLite keeps beside it (the journal; WAL and shared memory
    /// from builds before the journal).
    public var databaseFiles: [URL] {
        ["", "-journal", "-wal", "-shm"].map { URL(fileURLWithPath: databaseURL.path + $0) }
    }

    /// Creates the folder (0700) if needed, takes group and other access away from an existing one (a
    /// read-only folder stays read-only) and checks that the folder can be written.
    public func prepare() throws(StoreError) {
        let path = folder.path
        if let blocker = Self.firstNonFolder(in: path) { throw .folderIsAFile(path: blocker) }
        try Self.makeFolders(path)
        try Self.removeGroupAndOtherAccess(path)
        let probe = path + "/.studyterm-probe-\(getpid())"
        let fd = open(probe, O_CREAT | O_EXCL | O_WRONLY, 0o600)
        guard fd >= 0 else { throw errno == ENOSPC ? .diskFull(path: path) : .folderNotWritable(path: path, reason: Self.lastError()) }
        close(fd)
        unlink(probe)
    }

    /// Creates an empty database file with mode 0600 if there is none, so SQLite (and its WAL and
    /// shared-memory files, which copy the database's mode) never make a world-readable file.
    func createDatabaseFileIfMissing() throws(StoreError) {
        let fd = open(databaseURL.path, O_CREAT | O_EXCL | O_WRONLY, 0o600)
        if fd >= 0 { close(fd); return }
        if errno == ENOSPC { throw .diskFull(path: folder.path) }
        if errno != EEXIST { throw .folderNotWritable(path: folder.path, reason: Self.lastError()) }
    }

    /// Sets mode 0600 on every database file that exists.
    func secureDatabaseFiles() throws(StoreError) {
        for file in databaseFiles where FileManager.default.fileExists(atPath: file.path) {
            guard chmod(file.path, 0o600) == 0 else {
                throw .folderNotWritable(path: folder.path, reason: "cannot set permissions 0600 on \(file.lastPathComponent): \(Self.lastError())")
            }
        }
    }

    /// The first existing path on the way to `path` (itself included) that is not a folder.
    static func firstNonFolder(in path: String) -> String? {
        var prefix = ""
        for component in path.split(separator: "/") {
            prefix += "/" + component
            var info = stat()
            guard stat(prefix, &info) == 0 else { return nil }
            if info.st_mode & S_IFMT != S_IFDIR { return prefix }
        }
        return nil
    }

    /// Clears the group and other permission bits, never adding any.
    private static func removeGroupAndOtherAccess(_ path: String) throws(StoreError) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .folderNotWritable(path: path, reason: lastError()) }
        let mode = info.st_mode & 0o7777
        guard mode & 0o077 != 0 else { return }
        guard chmod(path, mode & 0o700) == 0 else {
            throw .folderNotWritable(path: path, reason: "cannot take away group and other access: \(lastError())")
        }
    }

    /// `mkdir -p` with mode 0700 for every folder it makes.
    private static func makeFolders(_ path: String) throws(StoreError) {
        var prefix = ""
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                throw .folderNotWritable(path: prefix, reason: lastError())
            }
        }
    }

    /// The text of the current `errno`.
    static func lastError() -> String { String(cString: strerror(errno)) }
}
