import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One writer per data folder and session: an advisory lock (`flock`) on a lock file in the data
/// folder, held for as long as the process keeps the store open and dropped by the kernel when the
/// process ends in any way (kill -9 included), so a lock file left behind never blocks anyone. The
/// file records who holds the lock (process, user, host, terminal, start), only for the message a
/// second process shows; whether the lock is held is the kernel's answer, never the file's text.
///
/// Scopes, and the kiosk. The scope names the session a writer serves. The journey is one
/// participant's session per data folder, so it locks the scope ``journey`` (`studyterm.lock`).
/// A kiosk with several terminals on one data folder will run one writer per participant session:
/// each opens the store with its own scope (the enrollment's, `StudyStore.open(at:scope:)`), which
/// locks `studyterm-<scope>.lock`, so two terminals can never answer the same participant's run or
/// record the same consent twice, while different participants' sessions write side by side (SQLite
/// serializes their transactions; every write is one transaction). Each session reads and writes
/// through its enrollment's `ParticipantStore` (`StudyStore.scoped(to:)`), so it only touches its own
/// participant's rows (every run, result, outbox item, consent and message row names its
/// enrollment). What a kiosk adds on top: creating or migrating the database must happen once,
/// before the sessions start (one opener, then the sessions).
///
/// Readers (`export`) hold no lock while they read: alone, they take the journey's lock only while
/// the file is brought up to date (a crash's journal rolled back, migrations), then read beside any
/// writer. A writer that finds the lock taken waits a moment (``waitForHolder``) before it is
/// refused, so such a short hold, or another process's probe (``isHeld(in:scope:)``), never turns
/// it away.
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

    /// The journey's scope: one participant's session per data folder.
    public static let journey = "journey"

    /// How long a writer waits for a lock held by someone else before it is refused: long enough to
    /// outlast a reader bringing the file up to date or a probe, short enough to answer at once.
    public static let waitForHolder: TimeInterval = 1

    /// The lock file of `scope` in `location`: `studyterm.lock` for the journey, else
    /// `studyterm-<scope>.lock` with every character but letters, digits, `-` and `_` written as
    /// `%XX` (so any enrollment identifier names one file, and only one).
    public static func path(in location: DataLocation, scope: String = journey) -> String {
        let name = scope == journey ? "studyterm.lock" : "studyterm-\(fileNameSafe(scope)).lock"
        return location.folder.appendingPathComponent(name).path
    }

    static func fileNameSafe(_ scope: String) -> String {
        scope.utf8.map { byte -> String in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                String(UnicodeScalar(byte))
            default:
                "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }.joined()
    }

    /// Takes the lock of `scope` in `location`, waiting up to `waiting` seconds while another
    /// process holds it; throws `.folderInUse` naming the holder when it still does. The folder must
    /// exist (`DataLocation.prepare`).
    public static func acquire(in location: DataLocation, scope: String = journey, waiting: TimeInterval = waitForHolder,
                               now: Date = Date()) throws(StoreError) -> DataFolderLock {
        let path = path(in: location, scope: scope)
        switch take(file: path, waiting: waiting, now: now) {
        case .locked(let fd):
            return DataFolderLock(path: path, descriptor: fd)
        case .busy(let holder):
            throw .folderInUse(path: location.folder.path, holder: holder)
        case .cannotOpen(let reason):
            throw .folderNotWritable(path: location.folder.path, reason: reason)
        case .cannotLock(let reason):
            throw .folderNotWritable(path: location.folder.path, reason: "cannot lock \(path): \(reason)")
        }
    }

    /// How taking a lock file went.
    enum Attempt {
        /// Locked: the descriptor holds the lock, the holder's record written into it.
        case locked(Int32)
        /// Another process holds it (its record, or "a process that is starting").
        case busy(holder: String)
        case cannotOpen(reason: String)
        case cannotLock(reason: String)
    }

    /// Takes the `flock` of the file at `path` (created 0600), waiting up to `waiting` seconds while
    /// another process holds it, and writes this process's record into it. A lock file that its
    /// holder removes when done (`removedByHolder`) may be unlinked between the open and the lock:
    /// the lock is then on a file no one else sees, so the attempt starts over on the new file.
    static func take(file path: String, waiting: TimeInterval, now: Date, removedByHolder: Bool = false) -> Attempt {
        let deadline = Date().addingTimeInterval(waiting)
        while true {
            let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard fd >= 0 else { return .cannotOpen(reason: DataLocation.lastError()) }
            var failure = flock(fd, LOCK_EX | LOCK_NB) == 0 ? 0 : errno
            while failure == EWOULDBLOCK || failure == EINTR, Date() < deadline {
                usleep(10_000)
                failure = flock(fd, LOCK_EX | LOCK_NB) == 0 ? 0 : errno
            }
            guard failure == 0 else {
                let holder = failure == EWOULDBLOCK ? Holder(fileText: readAll(fd)) : nil
                close(fd)
                if failure == EWOULDBLOCK { return .busy(holder: holder?.description ?? "a process that is starting") }
                return .cannotLock(reason: String(cString: strerror(failure)))
            }
            if removedByHolder, !isLinked(fd, at: path) {
                close(fd)
                continue
            }
            let text = Array(Holder.current(now: now).fileText.utf8)
            // The holder's record is for messages only: failing to write it (a full disk) must not stop
            // the writer, which reports the disk itself when it stores something.
            if ftruncate(fd, 0) == 0 { _ = text.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) } }
            return .locked(fd)
        }
    }

    /// Whether `path` still names the file open at `fd`.
    private static func isLinked(_ fd: Int32, at path: String) -> Bool {
        var open = stat(), named = stat()
        guard fstat(fd, &open) == 0, stat(path, &named) == 0 else { return false }
        return open.st_dev == named.st_dev && open.st_ino == named.st_ino
    }

    /// Whether a writer holds the lock of `scope` now. The probe takes a shared lock and drops it at
    /// once, so probes never collide with each other, and a writer starting meanwhile waits it out.
    public static func isHeld(in location: DataLocation, scope: String = journey) -> Bool {
        let fd = open(path(in: location, scope: scope), O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        guard flock(fd, LOCK_SH | LOCK_NB) == 0 else { return errno == EWOULDBLOCK }
        flock(fd, LOCK_UN)
        return false
    }

    private static func readAll(_ fd: Int32) -> String {
        var bytes = [UInt8](repeating: 0, count: 1024)
        let count = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        return count > 0 ? String(decoding: bytes.prefix(count), as: UTF8.self) : ""
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
