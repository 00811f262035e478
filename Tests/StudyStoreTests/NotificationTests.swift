import Foundation
import Testing
@testable import StudyStore

@Suite struct NotificationTests {
    @Test func keepsUnreadNotificationsNewestFirstAndIgnoresRedeliveries() throws {
        let store = try StudyStore.inMemory()
        #expect(try store.addNotification(NotificationRecord(id: "m1", kind: .message, title: "Hi", body: "Welcome", createdAt: T.at(1))))
        #expect(try store.addNotification(NotificationRecord(id: "r1", kind: .reminder, title: "Mood", body: "Due",
                                                             createdAt: T.at(2), dueAt: T.at(3600))))
        #expect(try !store.addNotification(NotificationRecord(id: "m1", kind: .message, title: "Hi", body: "Again", createdAt: T.at(5))))
        let unread = try store.unreadNotifications()
        #expect(unread.map(\.id) == ["r1", "m1"])
        #expect(unread[1].body == "Welcome" && unread[0].dueAt == T.at(3600))
        #expect(try store.unreadNotificationCount() == 2)
    }

    @Test func markingReadKeepsTheFirstReadTime() throws {
        let store = try StudyStore.inMemory()
        try store.addNotification(NotificationRecord(id: "m1", kind: .message, title: "Hi", body: "Welcome", createdAt: T.at(1)))
        try store.markNotificationRead(id: "m1", at: T.at(10))
        try store.markNotificationRead(id: "m1", at: T.at(20))
        #expect(try store.unreadNotifications().isEmpty)
        #expect(try store.database.scalar(sql: "SELECT readAt FROM notification") == "2026-05-28 20:26:50.000")
    }
}
