import Foundation

/// A message in a participant's inbox.
public struct MessageRecord: Sendable, Equatable {
    /// Its id.
    public var id: UUID
    /// The participant it is for.
    public var participantID: String
    /// The text.
    public var text: String
    /// When the team sent it.
    public var sentAt: Date
    /// When the participant's app acknowledged it.
    public var acknowledgedAt: Date?

    /// A message.
    public init(id: UUID, participantID: String, text: String, sentAt: Date, acknowledgedAt: Date?) {
        self.id = id
        self.participantID = participantID
        self.text = text
        self.sentAt = sentAt
        self.acknowledgedAt = acknowledgedAt
    }
}
