import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes export documents into a folder made private (0700), each file 0600: they hold
/// participants' answers. The app's and the server's exports both write through it.
public struct ExportFolder: Sendable {
    /// A folder that cannot be made because the folder it would go in does not exist either (a
    /// typo in a path is named, never made, parents and all).
    public struct MissingParent: Error, Sendable, Equatable, CustomStringConvertible {
        /// The folder asked for.
        public var folder: String
        /// The nearest folder above it that is missing.
        public var parent: String

        public var description: String {
            "\(folder) cannot be made: the folder \(parent) does not exist (check the spelling)"
        }
    }

    /// The folder.
    public let url: URL

    /// Uses the folder `url`, making it when it is missing (only it: the folder it goes in must
    /// exist, or ``MissingParent`` names the first missing one).
    public init(_ url: URL) throws {
        try Self.make(url)
        self.url = url
    }

    /// Makes `url` private (0700) when it does not exist yet; its parent must exist.
    public static func make(_ url: URL) throws {
        let folder = url.standardizedFileURL
        if exists(folder) { return }
        var missing = folder.deletingLastPathComponent()
        guard !exists(missing) else {
            return try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        }
        while !exists(missing.deletingLastPathComponent()), missing.path != "/" { missing = missing.deletingLastPathComponent() }
        throw MissingParent(folder: folder.path, parent: missing.path)
    }

    /// Whether a folder (or a link to one) is at `url`.
    public static func exists(_ url: URL) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue
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
