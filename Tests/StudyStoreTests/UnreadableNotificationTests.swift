import Foundation
import Testing
@testable import StudyStore

/// A stored row that cannot be read (a date of the year 99999 written by an older version).
@Suite struct UnreadableNotificationTests {
    @Test func aRowThatCannotBeReadIsSkippedAndNamedAndTheOthersStillShow() throws {
        let store = try StudyStore.inMemory()
        try store.addNotification(NotificationRecord(id: "good", kind: .message, title: "Hi", body: "Welcome", createdAt: T.at(1)))
        try store.database.execute(sql: """
            INSERT INTO notification (id, kind, title, body, createdAt) VALUES ('bad', 'message', 'Year', 'text', '99999-01-01 00:00:00.000')
            """)
        let (records, unreadable) = try store.readableNotifications()
        #expect(records.map(\.id) == ["good"])
        #expect(unreadable == ["bad"])
        #expect(try store.allNotifications().map(\.id) == ["good"])
    }

    @Test func aStoreErrorAboutAnUnreadableRowNeverQuotesSQL() throws {
        let store = try StudyStore.inMemory()
        try store.database.execute(sql: """
            INSERT INTO notification (id, kind, title, body, createdAt) VALUES ('bad', 'message', 'Year', 'text', '99999-01-01 00:00:00.000')
            """)
        do {
            _ = try store.unreadNotifications()
            Issue.record("the row was read")
        } catch {
            #expect(!error.description.lowercased().contains("sql"), "\(error.description)")
            #expect(!error.description.contains("SELECT"), "\(error.description)")
        }
        #expect(StoreError.withoutSQL("could not decode Date from database value \"99999\" - row: [id:\"bad\"], sql: `SELECT * FROM notification`")
            == "could not decode Date from database value \"99999\"")
    }
}
