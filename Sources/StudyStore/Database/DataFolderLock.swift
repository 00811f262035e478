import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One writer per data folder and session: an advisory lock (`flock`) on a lock file in the data
/// folder, held for as long as the process keeps the store open and dropped by the kernel when the
/// process ends in any way (kill -9 included), so a lock file left behind never blocks anyone. The
/// file records who holds the lock, for the message a second process shows.
///
/// The scope names the session the writer serves. The journey is one participant's session per
/// data folder, so it locks the scope `journey` (`studyterm.lock`). A kiosk with several terminals
/// will run one writer per participant session: each session locks its own scope
/// (`studyterm-<scope>.lock`), so two terminals never answer the same participant's run while
/// different participants' sessions write side by side (SQLite serializes their transactions).
/// Readers (`export`) take no lock.
public final class DataFolderLock: Sendable {
    /// Who holds a lock, as its holder wrote it into the lock file.
    public struct Holder: Sendable, Equatable, CustomStringConvertible {
        public var pid: Int32
        public var user: String
        public var host: String
        public var terminal: String
        public var since: String

        /// "process 4242 of ada on station-1 (terminal /dev/pts/3, since 2026-11-25 10:15:02 UTC)".
        public var description: String {
            "process \(pid) of \(user) on \(host) (terminal \(terminal), since \(since))"
        }

        var fileText: String {
            "pid=\(pid)\nuser=\(user)\nhost=\(host)\nterminal=\(terminal)\nsince=\(since)\n"
        }

        init(pid: Int32, user: String, host: String, terminal: String, since: String) {
            (self.pid, self.user, self.host, self.terminal, self.since) = (pid, user, host, terminal, since)
        }

        /// Parses the lock file's `key=value` lines; nil when it holds none yet (its holder is starting).
        init?(fileText: String) {
            var fields: [String: String] = [:]
            for line in fileText.split(separator: "\n") {
                guard let equals = line.firstIndex(of: "=") else { continue }
                fields[String(line[..<equals])] = String(line[line.index(after: equals)...])
            }
            guard let pid = fields["pid"].flatMap({ Int32($0) }) else { return nil }
            self.init(pid: pid, user: fields["user"] ?? "?", host: fields["host"] ?? "?",
                      terminal: fields["terminal"] ?? "none", since: fields["since"] ?? "?")
        }

        /// This process.
        static func current(now: Date) -> Holder {
            let user = ProcessInfo.processInfo.environment["USER"] ?? getpwuid(geteuid()).map { String(cString: $0.pointee.pw_name) } ?? "uid \(geteuid())"
            let terminal = ttyname(STDIN_FILENO).map { String(cString: $0) } ?? "none"
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.dateFormat = "yyyy-MM-dd HH:mm:ss ZZZZ"
            return Holder(pid: getpid(), user: user, host: ProcessInfo.processInfo.hostName,
                          terminal: terminal, since: formatter.string(from: now))
        }
    }

    /// The lock file.
    public let path: String
    private let descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// The lock file of `scope` in `location`.
    public static func path(in location: DataLocation, scope: String = "journey") -> String {
        location.folder.appendingPathComponent(scope == "journey" ? "studyterm.lock" : "studyterm-\(scope).lock").path
    }

    /// Takes the lock of `scope` in `location` without waiting; throws `.folderInUse` naming the
    /// holder when another process has it. The folder must exist (`DataLocation.prepare`).
    public static func acquire(in location: DataLocation, scope: String = "journey", now: Date = Date()) throws(StoreError) -> DataFolderLock {
        let path = path(in: location, scope: scope)
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .folderNotWritable(path: location.folder.path, reason: DataLocation.lastError()) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let busy = errno == EWOULDBLOCK
            let reason = DataLocation.lastError()
            let holder = busy ? Holder(fileText: readAll(fd)) : nil
            close(fd)
            if busy { throw .folderInUse(path: location.folder.path, holder: holder?.description ?? "a process that is starting") }
            throw .folderNotWritable(path: location.folder.path, reason: "cannot lock \(path): \(reason)")
        }
        let text = Array(Holder.current(now: now).fileText.utf8)
        // The holder's record is for messages only: failing to write it (a full disk) must not stop the
        // writer, which reports the disk itself when it stores something.
        if ftruncate(fd, 0) == 0 { _ = text.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) } }
        return DataFolderLock(path: path, descriptor: fd)
    }

    /// Whether another process holds the lock of `scope` now (takes and drops it when free).
    public static func isHeld(in location: DataLocation, scope: String = "journey") -> Bool {
        let fd = open(path(in: location, scope: scope), O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { return errno == EWOULDBLOCK }
        flock(fd, LOCK_UN)
        return false
    }

    private static func readAll(_ fd: Int32) -> String {
        var bytes = [UInt8](repeating: 0, count: 1024)
        let count = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        return count > 0 ? String(decoding: bytes.prefix(count), as: UTF8.self) : ""
    }
}
