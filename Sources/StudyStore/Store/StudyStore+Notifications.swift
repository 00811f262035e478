import Foundation
import GRDB

extension StudyStore {
    /// Stores a notification; returns false when one with the same id is already stored for its
    /// enrollment (a redelivery). One without an enrollment goes to the current one, if any.
    @discardableResult
    public func addNotification(_ notification: NotificationRecord) throws(StoreError) -> Bool {
        try database.write("store the notification") { db in
            var owned = notification
            if owned.enrollmentID == nil { owned.enrollmentID = try Self.current(db, studyID: nil)?.id }
            try owned.insert(db, onConflict: .ignore)
            return db.changesCount > 0
        }
    }

    /// Unread notifications, newest first.
    public func unreadNotifications() throws(StoreError) -> [NotificationRecord] {
        try database.read("read the notifications") { db in
            try NotificationRecord.fetchAll(db, sql: "SELECT * FROM notification WHERE readAt IS NULL ORDER BY createdAt DESC, id")
        }
    }

    /// How many notifications are unread (the badge).
    public func unreadNotificationCount() throws(StoreError) -> Int {
        try database.read("count the notifications") { db in try Self.unreadCount(db, scope: .all) }
    }

    /// Marks a notification read; reading it again keeps the first time.
    public func markNotificationRead(id: String, at date: Date) throws(StoreError) {
        try database.write("mark the notification read") { db in
            try db.execute(sql: "UPDATE notification SET readAt = ? WHERE id = ? AND readAt IS NULL", arguments: [date, id])
        }
    }

    /// Unread notifications in `scope`, through the partial index `notification_unread` (one
    /// participant's through `notification_on_enrollment`).
    static func unreadCount(_ db: Database, scope: RowScope) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM notification n WHERE \(scope.condition("n")) AND readAt IS NULL",
                         arguments: scope.arguments) ?? 0
    }
}
