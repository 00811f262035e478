import Foundation
import Logging
import PostgresNIO

/// The engine for larger studies: PostgreSQL through postgres-nio's connection pool. Several
/// stateless server processes may share one database; every write is one statement or one
/// transaction, so they never need to coordinate otherwise.
public final class PostgresServerStore: ServerStorage {
    let client: PostgresClient
    /// Database logging stays off: statements carry answers and hashes.
    let logger = Logger(label: "studyterm-server.postgres", factory: { _ in SwiftLogNoOpLogHandler() })
    private let runner: Task<Void, Never>
    /// The schema to create, when the address names one.
    let schema: String?

    /// Connects (lazily) to the database `address` names, with at most `maximumConnections`.
    public init(address: PostgresAddress, maximumConnections: Int = 16) {
        var configuration: PostgresClient.Configuration
        if let socket = address.unixSocketPath {
            configuration = .init(unixSocketPath: socket, username: address.user, password: address.password, database: address.database)
        } else {
            configuration = .init(host: address.host, port: address.port, username: address.user, password: address.password,
                                  database: address.database, tls: address.tls.clientTLS)
        }
        if let schema = address.schema { configuration.options.additionalStartupParameters = [("search_path", schema)] }
        configuration.options.maximumConnections = maximumConnections
        configuration.options.connectTimeout = .seconds(10)
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.client = client
        schema = address.schema
        runner = Task { await client.run() }
    }

    /// Creates the tables under an advisory lock, so processes starting together take turns.
    public func migrate() async throws(ServerStoreError) {
        try await transaction("create the server tables") { connection, logger in
            try await connection.query("SELECT pg_advisory_xact_lock(7246001)", logger: logger)
            if let schema = self.schema {
                try await connection.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA IF NOT EXISTS \(schema)"), logger: logger)
            }
            for statement in Self.ddl { try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger) }
        }
    }

    /// Runs `SELECT 1`.
    public func ping() async throws(ServerStoreError) {
        try await run("check the database") { client, logger in try await client.query("SELECT 1", logger: logger) }
    }

    /// Stops the pool.
    public func close() async {
        runner.cancel()
        _ = await runner.value
    }

    /// A statement or a few outside a transaction, its errors named after `operation`.
    @discardableResult
    func run<T>(_ operation: String, _ body: (PostgresClient, Logger) async throws -> T) async throws(ServerStoreError) -> T {
        do { return try await body(client, logger) } catch {
            throw Self.storeError(operation, error)
        }
    }

    /// A transaction, its errors named after `operation`.
    func transaction<T: Sendable>(_ operation: String, _ body: (PostgresConnection, Logger) async throws -> T) async throws(ServerStoreError) -> T {
        do {
            let logger = self.logger
            return try await client.withTransaction(logger: logger) { connection in try await body(connection, logger) }
        } catch {
            throw Self.storeError(operation, error)
        }
    }

    /// The server's SQLSTATE, without the message text, the query or its binds.
    static func storeError(_ operation: String, _ error: any Error) -> ServerStoreError {
        if let error = error as? ServerStoreError { return error }
        if let error = error as? PSQLError {
            if let server = error.serverInfo {
                // The SQLSTATE only: PostgreSQL's message text can quote a value.
                return .failed(operation: operation, reason: "SQLSTATE \(server[.sqlState] ?? "?")")
            }
            return .unavailable("\(error.code)")
        }
        if let error = error as? PostgresTransactionError {
            return storeError(operation, error.closureError ?? error.commitError ?? error.beginError ?? error.rollbackError ?? CancellationError())
        }
        return .failed(operation: operation, reason: String(describing: type(of: error)))
    }
}
