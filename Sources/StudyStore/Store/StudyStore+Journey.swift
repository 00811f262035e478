import Foundation
import GRDB

extension StudyStore {
    /// Completed runs of a study (every participant's) that finished at or after `since`, oldest
    /// first: what the schedule needs to mark today's windows done (read over the index `taskRun_on_task`).
    public func completedRuns(studyID: String, since: Date) throws(StoreError) -> [TaskRunRecord] {
        try database.read("read the completed runs") { db in try Self.completedRuns(db, scope: .study(studyID), since: since) }
    }

    /// Completed runs in `scope` finished at or after `since`, oldest first.
    static func completedRuns(_ db: Database, scope: RowScope, since: Date) throws -> [TaskRunRecord] {
        try TaskRunRecord.fetchAll(db, sql: """
            SELECT * FROM taskRun t WHERE \(scope.condition("t")) AND status = 'completed' AND finishedAt >= ? ORDER BY finishedAt
            """, arguments: scope.arguments + [since])
    }

    /// Every notification, read or not, newest first (the inbox), at most `limit`.
    public func allNotifications(limit: Int = 500) throws(StoreError) -> [NotificationRecord] {
        try readableNotifications(limit: limit).records
    }

    /// The notifications, newest first, each read on its own: a row that cannot be read (a value
    /// stored by an older version, a damaged date) is skipped and its id returned, never failing
    /// the others.
    public func readableNotifications(limit: Int = 500) throws(StoreError) -> (records: [NotificationRecord], unreadable: [String]) {
        try database.read("read the notifications") { db in try Self.readableNotifications(db, scope: .all, limit: limit) }
    }

    /// The notifications in `scope`, newest first, each read on its own.
    static func readableNotifications(_ db: Database, scope: RowScope, limit: Int) throws -> (records: [NotificationRecord], unreadable: [String]) {
        var records: [NotificationRecord] = [], unreadable: [String] = []
        for row in try Row.fetchAll(db, sql: """
            SELECT * FROM notification n WHERE \(scope.condition("n")) ORDER BY createdAt DESC, id LIMIT ?
            """, arguments: scope.arguments + [limit]) {
            if let record = try? NotificationRecord(row: row) { records.append(record) } else {
                let id: DatabaseValue = row["id"]
                unreadable.append(String.fromDatabaseValue(id) ?? "?")
            }
        }
        return (records, unreadable)
    }
}
