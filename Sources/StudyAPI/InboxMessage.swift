import Foundation

/// A message from the study team (`Message`).
public struct InboxMessage: Codable, Sendable, Equatable {
    /// Its id (acknowledged by `PUT /messages/{id}/acknowledgement`).
    public var id: UUID
    /// The text.
    public var text: String
    /// When the team sent it.
    public var sentAt: Date

    /// A message.
    public init(id: UUID, text: String, sentAt: Date) {
        self.id = id
        self.text = text
        self.sentAt = sentAt
    }
}
