import Foundation

/// A task file being decoded: where it is (for resources named relative to it) and how messages name it.
///
/// The location is kept as a path; a `URL` is made only when something is resolved against it,
/// because building a file URL (making it absolute, checking the path) costs more than reading a
/// small task file and most files name no resources.
public struct FileReference: Sendable, Equatable {
    /// The file's path, absolute or relative to the current directory.
    public var path: String
    /// The path as the user gave it (messages use it).
    public var displayName: String

    /// A reference to the file at `path`; messages name it `displayName` (by default the path).
    public init(path: String, displayName: String? = nil) {
        self.path = path
        self.displayName = displayName ?? path
    }

    /// A reference to a file URL; messages name it `displayName` (by default its path).
    public init(url: URL, displayName: String? = nil) {
        self.init(path: url.path, displayName: displayName)
    }

    /// The file as a URL.
    public var url: URL { URL(fileURLWithPath: path) }

    /// Finds a resource named relative to this file, with or without `.json`.
    public func resolve(resourceName: String) -> URL? {
        let dir = url.deletingLastPathComponent()
        let candidates = resourceName.hasSuffix(".json") ? [resourceName] : [resourceName + ".json", resourceName]
        for name in candidates {
            let u = dir.appendingPathComponent(name)
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: u.path, isDirectory: &isDir), !isDir.boolValue { return u }
        }
        return nil
    }
}
