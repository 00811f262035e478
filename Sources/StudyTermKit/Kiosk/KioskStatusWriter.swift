import Foundation
import StudyCore

/// Writes a station's `KioskStatus` to its status file: whole, atomically (temporary file and
/// rename) and mode 0600, with `oldestPendingAgeSeconds` added for readers that do no date sums
/// and `clockSynchronized` always present (null: it cannot be told).
package struct KioskStatusWriter: Sendable {
    /// The status file.
    package var path: String

    /// A writer for `path`.
    package init(path: String) { self.path = path }

    /// The file's JSON text for `status`.
    package static func json(_ status: KioskStatus) -> String {
        let encoded = (try? JSONEncoder.withDates.encode(status)) ?? Data("{}".utf8)
        guard case .object(var members)? = try? JSONParser.parse(encoded) else { return "{}" }
        members["oldestPendingAgeSeconds"] = status.oldestPendingAgeSeconds.map { .int($0) } ?? .null
        members["clockSynchronized"] = status.clockSynchronized.map { .bool($0) } ?? .null
        return JSONValue.object(members).prettyJSON
    }

    /// Replaces the status file.
    package func write(_ status: KioskStatus) throws(PrivateFile.Failure) {
        try PrivateFile.write(Data((Self.json(status) + "\n").utf8), to: path)
    }

    /// Reads a status file back.
    package static func read(_ path: String) throws(PrivateFile.Failure) -> KioskStatus {
        guard let data = FileManager.default.contents(atPath: path) else { throw PrivateFile.failure(path, "cannot be read") }
        guard let status = try? JSONDecoder.withDates.decode(KioskStatus.self, from: data) else {
            throw PrivateFile.Failure(path: path, reason: "not a station status file")
        }
        return status
    }
}
