import Foundation

/// What Settings shows about sending results to the study server.
public struct SyncStatus: Sendable, Equatable {
    /// Items waiting to be sent.
    public var waiting: Int
    /// Items the server refused, kept here with its reasons ("2 × The study server refused …").
    public var parked: [String]
    /// When the next waiting item is tried again; nil: at the next round.
    public var nextAttemptAt: Date?
    /// When sending last went through.
    public var lastSuccessAt: Date?
    /// The last failure in words (cleared by a success).
    public var lastError: String?

    /// A status.
    public init(waiting: Int, parked: [String] = [], nextAttemptAt: Date? = nil, lastSuccessAt: Date? = nil, lastError: String? = nil) {
        self.waiting = waiting
        self.parked = parked
        self.nextAttemptAt = nextAttemptAt
        self.lastSuccessAt = lastSuccessAt
        self.lastError = lastError
    }
}
