import Foundation
import PostgresNIO

/// A PostgreSQL address from a `postgres://user:password@host:port/database?sslmode=...` URL
/// (`?host=/run/postgresql` for a Unix socket folder, `&schema=NAME` for a schema of its own).
public struct PostgresAddress: Sendable, Equatable {
    /// How the connection uses TLS (libpq's `sslmode`, reduced to three).
    public enum TLSMode: String, Sendable, Equatable {
        /// Never.
        case disable
        /// When the server offers it (the default).
        case prefer
        /// Always, verifying the server's certificate.
        case require

        /// postgres-nio's setting.
        var clientTLS: PostgresClient.Configuration.TLS {
            switch self {
            case .disable: .disable
            case .prefer: .prefer(.makeClientConfiguration())
            case .require: .require(.makeClientConfiguration())
            }
        }
    }

    /// The user.
    public var user: String
    /// The password, if any.
    public var password: String?
    /// The host name or address.
    public var host: String
    /// The port.
    public var port: Int
    /// The database.
    public var database: String
    /// A Unix socket path, instead of host and port.
    public var unixSocketPath: String?
    /// TLS use.
    public var tls: TLSMode
    /// The schema holding the tables (`?schema=NAME`; several studies can share a database,
    /// one schema each); nil for the user's default search path.
    public var schema: String?

    /// Parses a URL; the message says what is wrong, without echoing a password.
    public init(url text: String) throws(ServerStoreError) {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              scheme == "postgres" || scheme == "postgresql" else {
            throw .badAddress("expected postgres://user@host:port/database")
        }
        let query = Dictionary((components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
        user = components.user.flatMap { $0.removingPercentEncoding } ?? "postgres"
        password = components.password.flatMap { $0.removingPercentEncoding }
        host = components.host.flatMap { $0.isEmpty ? nil : $0 } ?? "localhost"
        port = components.port ?? 5432
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        database = path.isEmpty ? user : path
        if let socketFolder = query["host"], socketFolder.hasPrefix("/") {
            unixSocketPath = (socketFolder as NSString).appendingPathComponent(".s.PGSQL.\(port)")
        }
        guard let mode = TLSMode(rawValue: query["sslmode"] ?? "prefer") else {
            throw .badAddress("sslmode must be disable, prefer or require")
        }
        tls = mode
        if let name = query["schema"] {
            guard let first = name.unicodeScalars.first, CharacterSet.lowercaseLetters.contains(first) || first == "_",
                  name.count <= 63, name.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }) else {
                throw .badAddress("schema must be lower-case letters, digits and _, starting with a letter")
            }
            schema = name
        }
    }
}
