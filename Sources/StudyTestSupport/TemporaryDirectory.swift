import Foundation

/// A fresh directory under the system temporary folder, removed by `remove()`.
public struct TemporaryDirectory: Sendable {
    /// The directory's URL.
    public let url: URL

    /// Creates a new, empty, uniquely named directory.
    public init(prefix: String = "studyterm-test") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `text` to `name` inside the directory and returns the file URL.
    @discardableResult
    public func write(_ text: String, to name: String) throws -> URL {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file
    }

    /// Deletes the directory and everything in it.
    public func remove() { try? FileManager.default.removeItem(at: url) }
}
