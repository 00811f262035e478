import Foundation
import StudyStore
import StudyTUI

extension LiveJourneyServices {
    /// Stores messages in the current participant's inbox (the whole folder's when no one is
    /// enrolled), ignoring ones already stored; returns those that were new.
    package static func deliver(_ messages: [InboxMessage], store: StudyStore) throws -> [InboxMessage] {
        let participant = try store.currentScope()
        return try messages.filter { m in
            let record = NotificationRecord(id: m.id, kind: m.kind == .reminder ? .reminder : .message,
                                            title: m.title, body: m.body, createdAt: m.createdAt)
            return try participant?.addNotification(record) ?? store.addNotification(record)
        }
    }

    /// The current participant's inbox, newest first; empty when no one is enrolled.
    package static func inbox(_ store: StudyStore) throws -> [InboxMessage] {
        guard let participant = try store.currentScope() else { return [] }
        let (records, unreadable) = try participant.readableNotifications()
        return records.map { n in
            InboxMessage(id: n.id, kind: n.kind == .reminder ? .reminder : .message, title: n.title, body: n.body,
                         createdAt: n.createdAt, readAt: n.readAt)
        } + unreadable.map { id in
            // Named, never hiding the others; its id is marked read so it stops counting as new.
            InboxMessage(id: id, kind: .message, title: "A message that cannot be read",
                         body: "A stored message (\(id.prefix(40))) cannot be read on this computer and was skipped.",
                         createdAt: Date(timeIntervalSince1970: 0), readAt: Date(timeIntervalSince1970: 0))
        }
    }
}
