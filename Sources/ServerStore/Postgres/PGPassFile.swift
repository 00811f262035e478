import Foundation

/// A PostgreSQL password file (`~/.pgpass`, or the file `PGPASSFILE` names), read as libpq reads
/// it: lines `hostname:port:database:username:password`, `*` matching anything in the first four
/// fields, `\:` and `\\` escaping, `#` starting a comment line, the first matching line winning.
public struct PGPassFile: Sendable, Equatable {
    /// One line.
    struct Entry: Sendable, Equatable {
        var host: String, port: String, database: String, user: String, password: String
    }

    /// The lines with five fields, in order.
    let entries: [Entry]

    /// Parses the text of a password file; lines without five fields are skipped, as libpq does.
    public init(text: String) {
        entries = text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline).compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let fields = Self.fields(line)
            guard fields.count >= 5 else { return nil }
            // As libpq 10 and later: the password ends at the next unescaped colon.
            return Entry(host: fields[0], port: fields[1], database: fields[2], user: fields[3], password: fields[4])
        }
    }

    /// The password of the first line matching the connection, or nil.
    /// `host` is "localhost" for a Unix socket (libpq matches socket connections so).
    public func password(host: String, port: Int, database: String, user: String) -> String? {
        func matches(_ field: String, _ value: String) -> Bool { field == "*" || field == value }
        return entries.first {
            matches($0.host, host) && matches($0.port, String(port)) && matches($0.database, database) && matches($0.user, user)
        }?.password
    }

    /// The fields of a line split at unescaped colons, escapes removed.
    static func fields(_ line: Substring) -> [String] {
        var fields: [String] = []
        var current = ""
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ":" {
                fields.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        fields.append(current)
        return fields
    }
}
