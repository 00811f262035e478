import Foundation

/// One participant's line in `studyterm-server status`.
public struct ParticipantSummary: Sendable, Equatable {
    /// The participant's id.
    public var id: String
    /// When they registered.
    public var registeredAt: Date
    /// The consent version they agreed to.
    public var consentVersion: String
    /// When they agreed, by their device's clock.
    public var consentAgreedAt: Date?
    /// How many task results the server holds from them.
    public var resultCount: Int
    /// How many items of every kind.
    public var itemCount: Int
    /// Their last authenticated request.
    public var lastContactAt: Date?
    /// When they withdrew.
    public var withdrawnAt: Date?

    /// A summary.
    public init(id: String, registeredAt: Date, consentVersion: String, consentAgreedAt: Date?, resultCount: Int,
                itemCount: Int, lastContactAt: Date?, withdrawnAt: Date?) {
        self.id = id
        self.registeredAt = registeredAt
        self.consentVersion = consentVersion
        self.consentAgreedAt = consentAgreedAt
        self.resultCount = resultCount
        self.itemCount = itemCount
        self.lastContactAt = lastContactAt
        self.withdrawnAt = withdrawnAt
    }
}
