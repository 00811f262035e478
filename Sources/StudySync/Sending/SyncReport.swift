import Foundation

/// What one round of sending did.
public struct SyncReport: Sendable, Equatable {
    /// Items the server acknowledged.
    public var sent = 0
    /// Items the server refused for good (parked).
    public var parked = 0
    /// Items that failed and wait for a retry.
    public var failed = 0
    /// Withdrawals the server confirmed.
    public var withdrawals = 0
    /// Messages stored in the inbox.
    public var messages = 0
    /// Participants with a server (0: nothing to send to).
    public var participants = 0
    /// The last failure in words.
    public var lastError: String?

    /// An empty report.
    public init() {}
}
