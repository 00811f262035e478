import Foundation
import GRDB

/// A reminder or a message for the participant (table `notification`).
public struct NotificationRecord: Codable, Sendable, Equatable, Identifiable {
    /// What a notification is.
    public enum Kind: String, Codable, Sendable, Equatable, CaseIterable {
        /// A local reminder for a scheduled task.
        case reminder
        /// A message from the study team.
        case message
    }

    /// The server's message id, or a local UUID string; storing the same id twice for one enrollment keeps one.
    public var id: String
    /// What it is.
    public var kind: Kind
    /// The title line.
    public var title: String
    /// The text.
    public var body: String
    /// When it was received or made.
    public var createdAt: Date
    /// When a reminder is due.
    public var dueAt: Date?
    /// When the participant read it; nil while unread.
    public var readAt: Date?
    /// The enrollment (participant) whose inbox holds it; nil for messages from before any enrollment.
    public var enrollmentID: Int64?

    /// A new, unread notification.
    public init(id: String = UUID().uuidString, kind: Kind, title: String, body: String, createdAt: Date, dueAt: Date? = nil,
                enrollmentID: Int64? = nil) {
        self.id = id
        self.kind = kind
        self.title = title
        self.body = body
        self.createdAt = createdAt
        self.dueAt = dueAt
        self.enrollmentID = enrollmentID
    }
}

extension NotificationRecord: FetchableRecord, PersistableRecord {
    /// The table name.
    public static let databaseTableName = "notification"
}
