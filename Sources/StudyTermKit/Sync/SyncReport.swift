import Foundation

/// What one round of sending did.
package struct SyncReport: Sendable, Equatable {
    /// Items the server acknowledged.
    package var sent = 0
    /// Items the server refused for good (parked).
    package var parked = 0
    /// Items that failed and wait for a retry.
    package var failed = 0
    /// Withdrawals the server confirmed.
    package var withdrawals = 0
    /// Messages stored in the inbox.
    package var messages = 0
    /// Participants with a server (0: nothing to send to).
    package var participants = 0
    /// The last failure in words.
    package var lastError: String?

    /// An empty report.
    package init() {}
}
