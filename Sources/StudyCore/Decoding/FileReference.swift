import Foundation

/// A file being read: its URL and the name to use in messages.
public struct FileReference: Sendable, Equatable {
    public var url: URL
    /// The path as the user gave it (messages use it).
    public var displayName: String

    public init(url: URL, displayName: String? = nil) {
        self.url = url
        self.displayName = displayName ?? url.path
    }

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
