import Foundation

/// Where a PostgreSQL password comes from when the URL has none, in libpq's order: the
/// `PGPASSWORD` environment variable, then the password file (`PGPASSFILE`, else `~/.pgpass`),
/// which is ignored unless only its owner can read it (0600), as libpq ignores it.
public enum PostgresPassword {
    /// Why a password file was not used (printed as a warning, as libpq does).
    public struct Warning: Sendable, Equatable, CustomStringConvertible {
        /// The sentence.
        public let description: String
    }

    /// `address` with its password filled in from `environment` and the password file; the
    /// warning says why a password file that exists was ignored.
    public static func resolve(_ address: PostgresAddress, environment: [String: String]) -> (PostgresAddress, Warning?) {
        guard address.password == nil else { return (address, nil) }
        var address = address
        if let password = environment["PGPASSWORD"], !password.isEmpty {
            address.password = password
            return (address, nil)
        }
        let path = environment["PGPASSFILE"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["HOME"].map { ($0 as NSString).appendingPathComponent(".pgpass") }
        guard let path, FileManager.default.fileExists(atPath: path) else { return (address, nil) }
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & 0o077 == 0 else {
            let mode = String(info.st_mode & 0o777, radix: 8)
            return (address, Warning(description: "password file \(path) has group or world access (mode \(mode)); it is ignored: run chmod 600 on it"))
        }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            return (address, Warning(description: "password file \(path) cannot be read; it is ignored"))
        }
        address.password = PGPassFile(text: text).password(host: address.unixSocketPath == nil ? address.host : "localhost",
                                                           port: address.port, database: address.database, user: address.user)
        return (address, nil)
    }
}
