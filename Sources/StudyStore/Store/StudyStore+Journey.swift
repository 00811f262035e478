import Foundation
import GRDB

extension StudyStore {
    /// Completed runs of a study that finished at or after `since`, oldest first: what the schedule
    /// needs to mark today's windows done (read over the index `taskRun_on_task`).
    public func completedRuns(studyID: String, since: Date) throws(StoreError) -> [TaskRunRecord] {
        try database.read("read the completed runs") { db in
            try TaskRunRecord.fetchAll(db, sql: """
                SELECT * FROM taskRun WHERE studyID = ? AND status = 'completed' AND finishedAt >= ? ORDER BY finishedAt
                """, arguments: [studyID, since])
        }
    }

    /// Every notification, read or not, newest first (the inbox), at most `limit`.
    public func allNotifications(limit: Int = 500) throws(StoreError) -> [NotificationRecord] {
        try database.read("read the notifications") { db in
            try NotificationRecord.fetchAll(db, sql: "SELECT * FROM notification ORDER BY createdAt DESC, id LIMIT ?", arguments: [limit])
        }
    }
}
