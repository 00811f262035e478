import Foundation
import StudyAPI
import StudyCore

/// What the sending round reads and writes on this computer: the outbox, the credentials, the
/// inbox and the sending state. The app's database implements it (StudyTermKit); tests use a
/// fake. Every failure is an ``OutboxStoreFailure`` in words.
public protocol OutboxStore: Sendable {
    /// Every participant's server credentials, oldest first.
    func accounts() throws(OutboxStoreFailure) -> [SendingAccount]
    /// The participant of the current enrollment, if any.
    func currentParticipantID() throws(OutboxStoreFailure) -> String?
    /// A participant's unsent, unparked items due at `now` (all of them when nil), oldest first.
    func pending(participantID: String, now: Date?, limit: Int) throws(OutboxStoreFailure) -> [OutboxEntry]
    /// How many of a participant's results (not the withdrawal) are unsent and not parked.
    func unsentResultCount(participantID: String) throws(OutboxStoreFailure) -> Int
    /// Parks an item the server refused for good, with the reason.
    func park(id: UUID, reason: String, at date: Date) throws(OutboxStoreFailure)
    /// Marks items acknowledged; returns how many were still pending.
    func markAccepted(ids: [UUID], at date: Date) throws(OutboxStoreFailure) -> Int
    /// Records a failure worth a retry and when to try again.
    func recordFailure(id: UUID, error: String, at date: Date, retryAt: Date) throws(OutboxStoreFailure)
    /// Stores a checked message in the inbox; false when it was already there.
    func addMessage(_ message: CheckedMessage) throws(OutboxStoreFailure) -> Bool
    /// Records a round: when it was tried, and success or the failure in words.
    func recordSync(at date: Date, error: String?) throws(OutboxStoreFailure)
}

/// A failure of the store under the sending round, in words.
public struct OutboxStoreFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// What failed.
    public var description: String

    /// A failure.
    public init(_ description: String) { self.description = description }
}
