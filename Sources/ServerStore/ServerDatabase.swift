import Foundation

/// Which database a server process uses, from `--database`: a `postgres://` URL, or a path
/// (or `sqlite:PATH`) for the embedded SQLite engine.
public enum ServerDatabase: Sendable, Equatable {
    /// A SQLite file.
    case sqlite(path: String)
    /// A PostgreSQL database.
    case postgres(PostgresAddress)

    /// Parses `--database`'s value.
    public init(_ text: String) throws(ServerStoreError) {
        let lower = text.lowercased()
        if lower.hasPrefix("postgres://") || lower.hasPrefix("postgresql://") {
            self = .postgres(try PostgresAddress(url: text))
        } else if lower.hasPrefix("sqlite:") {
            let path = String(text.dropFirst("sqlite:".count))
            guard !path.isEmpty else { throw .badAddress("sqlite: needs a file path") }
            self = .sqlite(path: path)
        } else if lower.contains("://") {
            throw .badAddress("use a postgres:// URL or a SQLite file path")
        } else {
            guard !text.isEmpty else { throw .badAddress("the database path is empty") }
            self = .sqlite(path: text)
        }
    }

    /// Opens the engine and brings its schema up to date; a database that does not answer within
    /// `timeout` is unavailable (the connection pool would otherwise keep retrying).
    public func open(timeout: Duration = .seconds(15)) async throws(ServerStoreError) -> any ServerStorage {
        let store: any ServerStorage
        switch self {
        case .sqlite(let path): store = try SQLiteServerStore(path: path)
        case .postgres(let address): store = PostgresServerStore(address: address)
        }
        let outcome: Result<Void, ServerStoreError> = await withTaskGroup(of: Result<Void, ServerStoreError>?.self) { group in
            group.addTask {
                do throws(ServerStoreError) { try await store.migrate() } catch { return .failure(error) }
                return .success(())
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return Task.isCancelled ? nil : .failure(.unavailable("no answer from \(displayName) within \(timeout)"))
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? .failure(.unavailable("no answer from \(displayName)"))
        }
        if case .failure(let error) = outcome {
            await store.close()
            throw error
        }
        return store
    }

    /// Says where, without a password.
    public var displayName: String {
        switch self {
        case .sqlite(let path): "SQLite \(path)"
        case .postgres(let a): "PostgreSQL \(a.user)@\(a.unixSocketPath ?? "\(a.host):\(a.port)")/\(a.database)"
        }
    }
}
