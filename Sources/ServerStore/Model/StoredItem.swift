import Foundation
import StudyAPI

/// A result item as stored, with its participant and times.
public struct StoredItem: Sendable, Equatable {
    /// The participant who sent it.
    public var participantID: String
    /// The item.
    public var item: IncomingItem
    /// When it was first received.
    public var receivedAt: Date
    /// When it was last written: its receipt, since items are never rewritten (databases from
    /// before the first-write-wins rule may hold a later time).
    public var updatedAt: Date

    /// A stored item.
    public init(participantID: String, item: IncomingItem, receivedAt: Date, updatedAt: Date) {
        self.participantID = participantID
        self.item = item
        self.receivedAt = receivedAt
        self.updatedAt = updatedAt
    }
}
