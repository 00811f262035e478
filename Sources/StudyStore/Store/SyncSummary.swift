import Foundation

/// The sending state Settings and `studyterm sync` show.
public struct SyncSummary: Sendable, Equatable {
    /// Items waiting to be sent (due or backing off).
    public var waiting: Int
    /// Items the server refused, parked.
    public var parked: Int
    /// The parked items' reasons with their counts (the first five reasons).
    public var parkedReasons: [ParkedReason]
    /// When the next waiting item is due; nil: at once.
    public var nextAttemptAt: Date?
    /// When a server last accepted an item.
    public var lastAcceptedAt: Date?
    /// When sending was last tried.
    public var lastAttemptAt: Date?
    /// When sending last went through without a failure.
    public var lastSuccessAt: Date?
    /// The last failure in words, cleared by the next success.
    public var lastError: String?
    /// When it happened.
    public var lastErrorAt: Date?

    /// A summary.
    public init(waiting: Int, parked: Int, parkedReasons: [ParkedReason] = [], nextAttemptAt: Date? = nil, lastAcceptedAt: Date? = nil,
                lastAttemptAt: Date? = nil, lastSuccessAt: Date? = nil, lastError: String? = nil, lastErrorAt: Date? = nil) {
        self.waiting = waiting
        self.parked = parked
        self.parkedReasons = parkedReasons
        self.nextAttemptAt = nextAttemptAt
        self.lastAcceptedAt = lastAcceptedAt
        self.lastAttemptAt = lastAttemptAt
        self.lastSuccessAt = lastSuccessAt
        self.lastError = lastError
        self.lastErrorAt = lastErrorAt
    }
}

/// Why parked items were refused, and how many.
public struct ParkedReason: Sendable, Equatable {
    /// The server's reason.
    public var reason: String
    /// How many items.
    public var count: Int

    /// A reason.
    public init(reason: String, count: Int) {
        self.reason = reason
        self.count = count
    }
}
