import Foundation
import ServerStore
import Testing

/// Reading `--database`.
@Suite struct DatabaseAddressTests {
    @Test func aPostgresURLGivesItsParts() throws {
        guard case .postgres(let a) = try ServerDatabase("postgres://study:s%40cret@db.example:6543/trial?sslmode=require&schema=wave2") else {
            Issue.record("not PostgreSQL")
            return
        }
        #expect(a.user == "study" && a.password == "s@cret" && a.host == "db.example" && a.port == 6543)
        #expect(a.database == "trial" && a.tls == .require && a.schema == "wave2" && a.unixSocketPath == nil)
    }

    @Test func aSocketFolderAndDefaults() throws {
        guard case .postgres(let a) = try ServerDatabase("postgresql://postgres@/studies?host=/run/postgresql") else {
            Issue.record("not PostgreSQL")
            return
        }
        #expect(a.unixSocketPath == "/run/postgresql/.s.PGSQL.5432" && a.database == "studies" && a.tls == .prefer)
    }

    @Test func pathsAreSQLiteAndOtherSchemesAreRefused() throws {
        #expect(try ServerDatabase("data/server.sqlite") == .sqlite(path: "data/server.sqlite"))
        #expect(try ServerDatabase("sqlite:/tmp/x.db") == .sqlite(path: "/tmp/x.db"))
        #expect(throws: ServerStoreError.self) { try ServerDatabase("mysql://x/y") }
        #expect(throws: ServerStoreError.self) { try ServerDatabase("postgres://x/y?sslmode=verify-full") }
        #expect(throws: ServerStoreError.self) { try ServerDatabase("postgres://x/y?schema=Robert'); DROP") }
    }

    @Test func theDisplayNameNeverShowsThePassword() throws {
        #expect(!(try ServerDatabase("postgres://u:hunter2@h/d").displayName.contains("hunter2")))
    }

    @Test func anUnreachableServerIsUnavailable() async throws {
        await #expect(throws: ServerStoreError.self) {
            _ = try await ServerDatabase("postgres://nobody@127.0.0.1:1/none?sslmode=disable").open(timeout: .seconds(2))
        }
    }
}
