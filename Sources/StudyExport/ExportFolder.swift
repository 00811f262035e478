import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes export documents into a folder made private (0700), each file 0600: they hold
/// participants' answers. The app's and the server's exports both write through it.
public struct ExportFolder: Sendable {
    /// The folder.
    public let url: URL

    /// Creates the folder (and its parents) if needed.
    public init(_ url: URL) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        self.url = url
    }

    /// Writes one format's document atomically; returns the file.
    @discardableResult
    public func write(_ format: ExportFormat, text: String) throws -> URL {
        let file = url.appendingPathComponent(format.fileName)
        try Data(text.utf8).write(to: file, options: .atomic)
        chmod(file.path, 0o600)
        return file
    }
}
