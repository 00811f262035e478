import Foundation

/// Single environment variables, read with `getenv`.
///
/// `ProcessInfo.processInfo.environment` copies the whole environment into a dictionary the
/// first time it is used; a terminal program reads two or three variables before its first
/// screen, so it asks for those alone.
public enum ProcessEnvironment {
    /// The value of `name`, or nil when it is not set.
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The variables among `names` that are set, with their values.
    public static func subset(_ names: [String]) -> [String: String] {
        var found: [String: String] = [:]
        for name in names { found[name] = value(name) }
        return found
    }
}
