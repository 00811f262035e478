import Foundation
import StudyCore

/// A study server's base URL, checked: `https://`, or plain `http://` only on this computer
/// (loopback) unless the station's configuration allows it (`STUDYTERM_ALLOW_HTTP=1`).
public struct ServerAddress: Sendable, Equatable, CustomStringConvertible {
    /// The environment variable a study station sets to allow plain `http://` to other hosts.
    public static let allowHTTPVariable = "STUDYTERM_ALLOW_HTTP"

    /// The base URL without a trailing slash (`https://studies.example.org/pain`).
    public let base: URL

    /// Checks `url` (as typed or stored).
    public init(_ url: URL, allowPlainHTTP: Bool) throws(SignUpError) {
        let text = url.absoluteString
        guard let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http", let host = url.host, !host.isEmpty else {
            throw .studyNotFound(address: text, reason: "this is not a valid web address")
        }
        if scheme == "http", !allowPlainHTTP, !Self.isLoopback(host) {
            throw .studyNotFound(address: text, reason: """
                plain http:// is not private; use https://, or ask the study team (a study station may allow http:// with \
                \(Self.allowHTTPVariable)=1)
                """)
        }
        guard url.query == nil, url.fragment == nil, url.user == nil else {
            throw .studyNotFound(address: text, reason: "a study address has no ?query, #fragment or user name")
        }
        var trimmed = text
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let base = URL(string: trimmed) else { throw .studyNotFound(address: text, reason: "this is not a valid web address") }
        self.base = base
    }

    /// Checks a stored address again (the policy may have changed since).
    public init(stored: String, allowPlainHTTP: Bool) throws(SignUpError) {
        guard let url = URL(string: stored) else { throw .studyNotFound(address: stored, reason: "this is not a valid web address") }
        try self.init(url, allowPlainHTTP: allowPlainHTTP)
    }

    /// The URL of an API path (`/results`).
    public func url(_ path: String) -> URL {
        URL(string: base.absoluteString + path)!
    }

    /// True for `localhost`, `127.0.0.0/8` and `::1`.
    static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if host == "localhost" || host == "::1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// The base URL as text.
    public var description: String { base.absoluteString }
}
