import Crypto
import Foundation
import StudyCore

/// The station's append-only audit log: one JSON record a line,
/// `{"event":…,"fields":{…},"prev":…,"seq":…,"time":…}` with sorted keys, where `seq` counts
/// records from 1 and `prev` is the SHA-256 (hex) of the previous line's bytes (64 zeros on the
/// first). Editing, deleting or reordering a line breaks the chain; `AuditVerifier` finds where.
package struct AuditLog: Sendable {
    /// `prev` of the first record.
    package static let genesis = String(repeating: "0", count: 64)

    /// The log file.
    package let path: String
    /// Records in the file.
    package private(set) var records: Int
    /// SHA-256 (hex) of the last line (`genesis` when empty).
    package private(set) var lastHash: String
    /// The file's length as this log last wrote or read it; another length at the next append
    /// means another process appended (`kiosk reset-pin-lockout` beside a running station), and
    /// the head is read again so the chain holds.
    private var length: Int

    /// Opens (or creates, mode 0600) the log at `path` and finds its head. A last line cut off by
    /// a power loss is ended with a newline and chained like any other (verify-audit reports it).
    package init(path: String) throws(PrivateFile.Failure) {
        self.path = path
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw PrivateFile.failure(path, "cannot be opened") }
        close(fd)
        (records, lastHash, length) = try Self.readHead(path)
    }

    /// Reads the head of the log at `path`: its records, its last line's hash and its length (a
    /// last line cut off is ended with a newline first).
    private static func readHead(_ path: String) throws(PrivateFile.Failure) -> (records: Int, lastHash: String, length: Int) {
        guard let data = FileManager.default.contents(atPath: path) else { throw PrivateFile.failure(path, "cannot be read") }
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        var length = data.count
        if let last = data.last, last != UInt8(ascii: "\n") {
            try append(Data("\n".utf8), to: path)
            length += 1
        }
        return (lines.count, lines.last.map { hash(Data($0)) } ?? genesis, length)
    }

    /// Appends `event` at `time` and forces it to disk.
    package mutating func append(_ event: AuditEvent, at time: Date) throws(PrivateFile.Failure) {
        var info = stat()
        if stat(path, &info) == 0, Int(info.st_size) != length { (records, lastHash, length) = try Self.readHead(path) }
        let record: JSONValue = .object([
            "seq": .int(records + 1), "time": .string(Self.timestamp(time)), "event": .string(event.name),
            "fields": .object(event.fields), "prev": .string(lastHash),
        ])
        let line = Data(record.compactJSON.utf8)
        try Self.append(line + Data("\n".utf8), to: path)
        records += 1
        lastHash = Self.hash(line)
        length += line.count + 1
    }

    /// The head as the status file carries it.
    package var head: KioskStatus.AuditHead { KioskStatus.AuditHead(records: records, lastHash: lastHash) }

    /// SHA-256 hex of a line's bytes (without its newline).
    package static func hash(_ line: Data) -> String { SHA256.hash(data: line).map { String(format: "%02x", $0) }.joined() }

    /// UTC time with milliseconds.
    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true))
    }

    /// Writes `data` at the end of the file with O_APPEND, then fsync.
    private static func append(_ data: Data, to path: String) throws(PrivateFile.Failure) {
        let fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard fd >= 0 else { throw PrivateFile.failure(path, "cannot be opened") }
        defer { close(fd) }
        guard PrivateFile.writeAll(fd, data), fsync(fd) == 0 else { throw PrivateFile.failure(path, "cannot be appended to") }
    }
}
