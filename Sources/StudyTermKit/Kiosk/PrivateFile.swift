import Foundation

/// The system's write(2), named apart from `PrivateFile.write(_:to:)`.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(fd, buffer, count) }

/// A file only its owner may read: written whole and atomically (a 0600 temporary file beside
/// it, fsync, rename, fsync of the folder), so a reader sees the old or the new content, never half.
package enum PrivateFile {
    /// Something that went wrong with a station file: its path and what happened.
    package struct Failure: Error, Equatable, CustomStringConvertible {
        /// The file.
        package var path: String
        /// What went wrong (the system's words).
        package var reason: String

        package var description: String { "\(path): \(reason)" }
    }

    /// Replaces `path` with `data`, mode 0600.
    package static func write(_ data: Data, to path: String) throws(Failure) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let tmp = folder + "/.\(url.lastPathComponent).\(getpid()).tmp"
        let fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw failure(path, "cannot be written") }
        var ok = fchmod(fd, 0o600) == 0
        ok = ok && writeAll(fd, data)
        ok = ok && fsync(fd) == 0
        close(fd)
        guard ok else {
            let error = failure(path, "cannot be written")
            unlink(tmp)
            throw error
        }
        guard rename(tmp, path) == 0 else {
            let error = failure(path, "cannot be replaced")
            unlink(tmp)
            throw error
        }
        let dir = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dir >= 0 { fsync(dir); close(dir) }
    }

    /// Writes all of `data` to `fd`, retrying short writes and EINTR.
    static func writeAll(_ fd: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let n = systemWrite(fd, buffer.baseAddress! + done, buffer.count - done)
                if n < 0 { if errno == EINTR { continue }; return false }
                done += n
            }
            return true
        }
    }

    /// The file's permission bits, or nil when it does not exist.
    package static func mode(of path: String) -> mode_t? {
        var st = stat()
        guard lstat(path, &st) == 0 else { return nil }
        return st.st_mode & 0o7777
    }

    /// A failure with the current `errno` explained.
    static func failure(_ path: String, _ what: String) -> Failure {
        Failure(path: path, reason: "\(what) (\(String(cString: strerror(errno))))")
    }
}
