import Foundation
import GRDB

extension ParticipantStore {
    /// Stores a notification in this participant's inbox; false when one with the same id is
    /// already stored there (a redelivery; another participant's of the same id does not count).
    @discardableResult
    public func addNotification(_ notification: NotificationRecord) throws(StoreError) -> Bool {
        var owned = notification
        owned.enrollmentID = enrollmentID
        return try store.addNotification(owned)
    }

    /// The participant's notifications, newest first, each read on its own (unreadable ones by id).
    public func readableNotifications(limit: Int = 500) throws(StoreError) -> (records: [NotificationRecord], unreadable: [String]) {
        try store.database.read("read the notifications") { db in
            try StudyStore.readableNotifications(db, scope: scope, limit: limit)
        }
    }

    /// How many of the participant's notifications are unread (the badge).
    public func unreadNotificationCount() throws(StoreError) -> Int {
        try store.database.read("count the notifications") { db in try StudyStore.unreadCount(db, scope: scope) }
    }

    /// Marks one of the participant's notifications read; reading it again keeps the first time.
    public func markNotificationRead(id: String, at date: Date) throws(StoreError) {
        try store.database.write("mark the notification read") { db in
            try db.execute(sql: "UPDATE notification SET readAt = ? WHERE id = ? AND enrollmentID = ? AND readAt IS NULL",
                           arguments: [date, id, enrollmentID])
        }
    }

    /// Records the participant's agreement to a consent text (only its SHA-256 is kept).
    @discardableResult
    public func recordConsent(_ consent: ConsentRecord) throws(StoreError) -> ConsentRecord {
        var owned = consent
        owned.enrollmentID = enrollmentID
        return try store.recordConsent(owned)
    }

    /// The participant's latest consent.
    public func latestConsent() throws(StoreError) -> ConsentRecord? {
        try store.database.read("read the consent") { db in
            try ConsentRecord.filter(Column("enrollmentID") == enrollmentID)
                .order(Column("agreedAt").desc, Column("id").desc).fetchOne(db)
        }
    }

    /// True when the participant's latest consent was given to exactly `text` (by SHA-256).
    public func consentCovers(text: String) throws(StoreError) -> Bool {
        try latestConsent()?.textSHA256 == TextDigest.sha256Hex(text)
    }

    /// How many of the participant's outbox items wait for a server.
    public func pendingOutboxCount() throws(StoreError) -> Int {
        try store.database.read("count the outbox") { db in try StudyStore.pendingCount(db, scope: scope) }
    }
}
