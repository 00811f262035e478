import Foundation

/// Where a study lives, parsed from the address the participant typed.
public enum StudyAddress: Sendable, Equatable {
    /// The embedded server's bundled demo study (joined with D, stored without an address).
    case embedded
    /// A study folder (or `study.json` file) on this computer.
    case folder(URL)
    /// An `http(s)://` study server.
    case network(URL)

    /// Parses typed text: a `file://` URL, an `http(s)://` URL, or a path (`~` and relative paths
    /// are resolved against `home` and `currentDirectory`). Nothing typed is an error: the demo
    /// study is joined with its own key, never by leaving the address empty.
    public init(typed: String, currentDirectory: String, home: String) throws(SignUpError) {
        let text = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        let lower = text.lowercased()
        if text.isEmpty {
            throw .addressMissing
        } else if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            guard let url = URL(string: text), url.host != nil else {
                throw .studyNotFound(address: text, reason: "this is not a valid web address")
            }
            self = .network(url)
        } else if lower.hasPrefix("file://") {
            guard let url = URL(string: text), url.isFileURL, !url.path.isEmpty else {
                throw .studyNotFound(address: text, reason: "this is not a valid file:// address")
            }
            self = .folder(url.standardizedFileURL)
        } else if lower.contains("://") {
            throw .studyNotFound(address: text, reason: "use a folder path, a file:// or an https:// address")
        } else {
            var path = text
            if path == "~" || path.hasPrefix("~/") { path = home + path.dropFirst() }
            if !path.hasPrefix("/") { path = (currentDirectory as NSString).appendingPathComponent(path) }
            self = .folder(URL(fileURLWithPath: path).standardizedFileURL)
        }
    }

    /// The canonical address stored with the enrollment (nil for the embedded default).
    public var stored: String? {
        switch self {
        case .embedded: nil
        case .folder(let url): url.absoluteString
        case .network(let url): url.absoluteString
        }
    }
}
