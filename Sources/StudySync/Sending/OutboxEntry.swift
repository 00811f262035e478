import Foundation
import StudyAPI
import StudyCore

/// One outbox item as the sending round sees it.
public struct OutboxEntry: Sendable, Equatable {
    /// What an item carries, read back from the store.
    public enum Content: Sendable, Equatable {
        /// A result with its document and metadata.
        case result(ResultKind, payload: JSONValue, metadata: JSONValue)
        /// The participant's withdrawal.
        case withdrawal
        /// Something that cannot be read back (it is parked, with this reason).
        case unreadable(String)
    }

    /// The client-made id.
    public var id: UUID
    /// What it carries.
    public var content: Content
    /// How many sends failed so far.
    public var attempts: Int

    /// An entry.
    public init(id: UUID, content: Content, attempts: Int) {
        self.id = id
        self.content = content
        self.attempts = attempts
    }

    /// True for the withdrawal.
    var isWithdrawal: Bool { content == .withdrawal }
}
