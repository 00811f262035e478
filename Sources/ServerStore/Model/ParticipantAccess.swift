import Foundation

/// An authenticated participant: who, and whether they have withdrawn.
public struct ParticipantAccess: Sendable, Equatable {
    /// The participant's id.
    public var participantID: String
    /// When they withdrew, if they did.
    public var withdrawnAt: Date?

    /// An access.
    public init(participantID: String, withdrawnAt: Date?) {
        self.participantID = participantID
        self.withdrawnAt = withdrawnAt
    }
}
