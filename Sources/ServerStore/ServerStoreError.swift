import Foundation

/// Why the store failed. Messages name the operation and the database's reason, never a value
/// stored (they may reach the log).
public enum ServerStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The database cannot be reached or opened.
    case unavailable(String)
    /// The database address is not one this server understands.
    case badAddress(String)
    /// An operation failed in the database.
    case failed(operation: String, reason: String)
    /// Stored data cannot be read back.
    case corrupt(String)
    /// A database file that other users can open (its mode in octal): nothing is served from it.
    case exposed(file: String, mode: String)

    /// One sentence.
    public var description: String {
        switch self {
        case .unavailable(let reason): "the database is unavailable: \(reason)"
        case .badAddress(let reason): "the database address is not usable: \(reason)"
        case .failed(let operation, let reason): "cannot \(operation): \(reason)"
        case .corrupt(let what): "stored data cannot be read: \(what)"
        case .exposed(let file, let mode):
            "\(file) is open to other users (mode \(mode)); results must be the owner's alone: run chmod 600 on it and start again"
        }
    }
}
