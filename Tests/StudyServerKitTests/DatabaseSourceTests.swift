import Foundation
import ServerStore
import Testing
@testable import StudyServerKit

/// Where a command finds its database and the PostgreSQL password, none of it on the command line.
@Suite struct DatabaseSourceTests {
    func arguments(_ words: String...) throws -> ServerArguments { try ServerArguments(["status"] + words) }

    @Test func theURLComesFromTheOptionThenAPrivateFileThenTheEnvironment() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dbsource-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("url")
        try Data("postgres://study:from%3Afile@db:5432/trial\n".utf8).write(to: file)
        chmod(file.path, 0o600)
        let env = ["STUDYTERM_DATABASE_URL": "postgres://study:from-env@db/env"]
        guard case .postgres(let fromFile) = try ServerMain.database(try arguments("--database-url-file", file.path), environment: env),
              case .postgres(let fromEnv) = try ServerMain.database(try arguments(), environment: env),
              case .postgres(let fromOption) = try ServerMain.database(try arguments("--database", "postgres://u:opt@h/d"), environment: env) else {
            Issue.record("not PostgreSQL")
            return
        }
        #expect(fromFile.password == "from:file" && fromFile.database == "trial")
        #expect(fromEnv.password == "from-env" && fromEnv.database == "env")
        #expect(fromOption.password == "opt")
        chmod(file.path, 0o644)
        #expect(throws: ServerFailure.self) { try ServerMain.database(try arguments("--database-url-file", file.path), environment: [:]) }
        #expect(throws: UsageError.self) {
            try ServerMain.database(try arguments("--database", "x.sqlite", "--database-url-file", file.path), environment: [:])
        }
    }

    @Test func PGPASSWORDReachesTheConnectionAddressWhenTheURLHasNone() throws {
        guard case .postgres(let address) = try ServerMain.database(try arguments("--database", "postgres://study@db/trial"),
                                                                      environment: ["PGPASSWORD": "env-secret"]) else {
            Issue.record("not PostgreSQL")
            return
        }
        #expect(address.password == "env-secret" && address.user == "study")
        #expect(!ServerDatabase.postgres(address).displayName.contains("env-secret"))
    }

    @Test func connectionLimitsFollowTheOptionsAndTheOpenFileLimit() throws {
        let serve = try ServeCommand(try ServerArguments(["serve", "--study", "x", "--head-timeout", "3", "--idle-timeout", "9",
                                                          "--max-connections", "500"]))
        let limits = try serve.connectionLimits()
        #expect(limits.headTimeout == .seconds(3) && limits.idleTimeout == .seconds(9) && limits.maxConnections == 500)
        #expect(limits.maxConnectionsPerAddress == 256)
        #expect(limits.fitted(toOpenFileLimit: 400) == ConnectionLimits(headTimeout: .seconds(3), idleTimeout: .seconds(9),
                                                                        maxConnections: 144, maxConnectionsPerAddress: 144))
        let proxied = try ServeCommand(try ServerArguments(["serve", "--study", "x", "--trust-forwarded-for"])).connectionLimits()
        #expect(proxied.maxConnectionsPerAddress == proxied.maxConnections)
        #expect(throws: UsageError.self) { try ServeCommand(try ServerArguments(["serve", "--head-timeout", "0"])).connectionLimits() }
    }
}
