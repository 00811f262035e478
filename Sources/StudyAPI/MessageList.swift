import Foundation

/// `GET /messages`: the messages not yet acknowledged, oldest first (`MessageList`).
public struct MessageList: Codable, Sendable, Equatable {
    /// The messages.
    public var messages: [InboxMessage]

    /// A list.
    public init(messages: [InboxMessage]) { self.messages = messages }
}
