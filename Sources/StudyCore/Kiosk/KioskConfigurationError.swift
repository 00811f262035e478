/// A station configuration that cannot be used: the file, the JSON path of the key (empty for
/// the whole document) and the reason, as one line.
public struct KioskConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file as the user named it.
    public var file: String
    /// The JSON path of the offending key (`timeouts.warningSeconds`, `sessionPlan[2].task`).
    public var path: String
    /// What is wrong there.
    public var reason: String

    /// An error at `path` of `file`.
    public init(file: String, path: String, reason: String) {
        (self.file, self.path, self.reason) = (file, path, reason)
    }

    /// `station.json: timeouts.warningSeconds: must be at least 20 (WCAG 2.2.1), found 10`.
    public var description: String { path.isEmpty ? "\(file): \(reason)" : "\(file): \(path): \(reason)" }
}
