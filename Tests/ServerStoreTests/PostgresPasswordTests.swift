import Foundation
import ServerStore
import Testing

/// PostgreSQL passwords off the command line: the password file's format (escapes, wildcards,
/// comments, first match) and libpq's order (URL, `PGPASSWORD`, `PGPASSFILE` or `~/.pgpass`, 0600 only).
@Suite struct PostgresPasswordTests {
    static let text = """
        # studies
        db.example:5432:trial:study:first\\:half\\\\slash
        db.example:5432:trial:study:shadowed
        *:6543:*:study:any-host
        localhost:*:socketdb:*:over-the-socket
        weird\\:host:5432:*:*:escaped-host
        too:few:fields
        """

    @Test func linesMatchFieldByFieldWithWildcardsAndTheFirstWins() {
        let file = PGPassFile(text: Self.text)
        #expect(file.password(host: "db.example", port: 5432, database: "trial", user: "study") == "first:half\\slash")
        #expect(file.password(host: "elsewhere", port: 6543, database: "x", user: "study") == "any-host")
        #expect(file.password(host: "localhost", port: 5433, database: "socketdb", user: "anyone") == "over-the-socket")
        #expect(file.password(host: "weird:host", port: 5432, database: "d", user: "u") == "escaped-host")
        #expect(file.password(host: "db.example", port: 5432, database: "trial", user: "other") == nil)
        #expect(file.password(host: "too", port: 5432, database: "few", user: "fields") == nil)
    }

    @Test func theURLPasswordWinsThenPGPASSWORDThenThePasswordFile() throws {
        let folder = try Self.folder()
        let file = folder.appendingPathComponent("pgpass")
        try Data("127.0.0.1:5432:studies:study:from-file\n".utf8).write(to: file)
        chmod(file.path, 0o600)
        let address = try PostgresAddress(url: "postgres://study@127.0.0.1:5432/studies")
        #expect(PostgresPassword.resolve(try PostgresAddress(url: "postgres://study:in-url@127.0.0.1/studies"),
                                         environment: ["PGPASSWORD": "env", "PGPASSFILE": file.path]).0.password == "in-url")
        #expect(PostgresPassword.resolve(address, environment: ["PGPASSWORD": "env", "PGPASSFILE": file.path]).0.password == "env")
        let (fromFile, warning) = PostgresPassword.resolve(address, environment: ["PGPASSFILE": file.path])
        #expect(fromFile.password == "from-file" && warning == nil)
        #expect(PostgresPassword.resolve(address, environment: ["HOME": folder.path]).0.password == nil)
        try FileManager.default.moveItem(at: file, to: folder.appendingPathComponent(".pgpass"))
        #expect(PostgresPassword.resolve(address, environment: ["HOME": folder.path]).0.password == "from-file")
    }

    @Test func aPasswordFileOthersCanReadIsIgnoredWithAWarning() throws {
        let file = try Self.folder().appendingPathComponent("pgpass")
        try Data("*:*:*:*:secret\n".utf8).write(to: file)
        chmod(file.path, 0o644)
        let (address, warning) = PostgresPassword.resolve(try PostgresAddress(url: "postgres://study@h/d"), environment: ["PGPASSFILE": file.path])
        #expect(address.password == nil)
        #expect(warning?.description.contains("\(file.path) has group or world access (mode 644)") == true)
    }

    @Test func aUnixSocketMatchesLocalhost() throws {
        let file = try Self.folder().appendingPathComponent("pgpass")
        try Data("localhost:5432:d:u:sock\n".utf8).write(to: file)
        chmod(file.path, 0o600)
        let address = try PostgresAddress(url: "postgres://u@/d?host=/run/postgresql")
        #expect(PostgresPassword.resolve(address, environment: ["PGPASSFILE": file.path]).0.password == "sock")
    }

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pgpass-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
