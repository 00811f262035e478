import Foundation

/// A reminder or a study message, as the inbox shows it.
public struct InboxMessage: Sendable, Equatable, Identifiable {
    /// What a message is.
    public enum Kind: String, Sendable, Equatable {
        /// A task window opened.
        case reminder
        /// A message from the study team.
        case message
    }

    /// Stable identifier: storing the same one twice keeps one copy.
    public var id: String
    /// What it is.
    public var kind: Kind
    /// The title line.
    public var title: String
    /// The text.
    public var body: String
    /// When it arrived.
    public var createdAt: Date
    /// When it was read; nil while unread.
    public var readAt: Date?

    /// A message.
    public init(id: String, kind: Kind, title: String, body: String, createdAt: Date, readAt: Date? = nil) {
        self.id = id
        self.kind = kind
        self.title = title
        self.body = body
        self.createdAt = createdAt
        self.readAt = readAt
    }

    /// True until read.
    public var isUnread: Bool { readAt == nil }
}
