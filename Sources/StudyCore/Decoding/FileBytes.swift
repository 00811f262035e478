import Foundation

#if canImport(Glibc)
    import Glibc
    private let systemRead = Glibc.read
#elseif canImport(Darwin)
    import Darwin
    private let systemRead = Darwin.read
#endif

/// Reads a whole file with plain system calls: no URL, no file manager. Task files are read
/// before the first screen is drawn, and Foundation's file APIs cost more to start than the read.
enum FileBytes {
    /// Why a file could not be read, in words for a message.
    enum Failure: Error, Equatable {
        case missing
        case folder
        case unreadable(String)
    }

    /// The bytes of the file at `path`.
    static func read(_ path: String) throws(Failure) -> Data {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw errno == ENOENT ? .missing : .unreadable(String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .unreadable(String(cString: strerror(errno))) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw .folder }
        var data = Data(count: max(0, Int(info.st_size)))
        var filled = 0
        while true {
            if filled == data.count { data.count += max(4096, data.count) }   // the file grew, or st_size was 0 (/proc, pipes)
            let got = data.withUnsafeMutableBytes { buffer in
                systemRead(fd, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw .unreadable(String(cString: strerror(errno)))
            }
            if got == 0 { break }
            filled += got
        }
        data.count = filled
        return data
    }
}
