import Foundation

/// The modes of the SQLite database's files: the database and its `-wal` and `-shm` files are
/// the owner's alone (0600), and a folder made for them is 0700. An existing file that other
/// users can open is refused, naming it, before anything is served from it.
enum DatabaseFileModes {
    /// The database file and the two files SQLite keeps beside it in WAL mode.
    static func files(of path: String) -> [String] { [path, path + "-wal", path + "-shm"] }

    /// Refuses when an existing file of the database grants group or other users any access.
    static func checkPrivate(_ path: String) throws(ServerStoreError) {
        for file in files(of: path) {
            var info = stat()
            guard stat(file, &info) == 0 else { continue }
            let mode = info.st_mode & 0o777
            if mode & 0o077 != 0 {
                throw .exposed(file: file, mode: String(mode, radix: 8))
            }
        }
    }

    /// Makes `folder` (and missing parents) with mode 0700; an existing folder is left as it is.
    static func makeFolder(_ folder: String) throws {
        guard !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) else { return }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    /// Runs `body` with the process's file-creation mask at 077, so that SQLite creates the
    /// database, `-wal` and `-shm` files 0600 (it opens them itself, with 0644 before the mask).
    static func withPrivateMask<T>(_ body: () throws -> T) rethrows -> T {
        let previous = umask(0o077)
        defer { umask(previous) }
        return try body()
    }

    /// Sets 0600 on the files that exist (a file created before this version, or by a tool).
    static func restrict(_ path: String) {
        for file in files(of: path) where FileManager.default.fileExists(atPath: file) {
            chmod(file, 0o600)
        }
    }
}
