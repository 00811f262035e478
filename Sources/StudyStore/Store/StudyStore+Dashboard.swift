import Foundation
import GRDB
import StudyCore

extension StudyStore {
    /// Everything the dashboard needs for `studyID`, from one read transaction.
    public func dashboard(studyID: String) throws(StoreError) -> Dashboard {
        try database.read("read the dashboard") { db in
            Dashboard(tasks: try Self.taskSummaries(db, studyID: studyID),
                      openRuns: try Self.openRuns(db, studyID: studyID),
                      pendingOutboxCount: try Self.pendingCount(db),
                      results: try Self.resultCounts(db, studyID: studyID),
                      unreadNotificationCount: try Self.unreadCount(db))
        }
    }

    /// Per-task counts over the index `taskRun_on_task`; the latest status comes from one index probe per task.
    static func taskSummaries(_ db: Database, studyID: String) throws -> [TaskSummary] {
        let rows = try Row.fetchAll(db, sql: """
            SELECT t.taskID, COUNT(*) AS runCount, SUM(t.status = 'completed') AS completedCount,
                   MAX(t.updatedAt) AS latestActivity,
                   MAX(CASE WHEN t.status = 'completed' THEN t.finishedAt END) AS lastCompletedAt,
                   (SELECT l.status FROM taskRun l WHERE l.studyID = t.studyID AND l.taskID = t.taskID
                    ORDER BY l.updatedAt DESC LIMIT 1) AS latestStatus
            FROM taskRun t WHERE t.studyID = ? GROUP BY t.taskID ORDER BY t.taskID
            """, arguments: [studyID])
        return try rows.map { row in
            let raw: String = row["latestStatus"]
            guard let status = RunStatus(rawValue: raw) else {
                throw StoreError.unreadableStoredData(what: "run status", detail: "unknown status \"\(raw)\"")
            }
            return TaskSummary(taskID: row["taskID"], runCount: row["runCount"], completedCount: row["completedCount"],
                               latestStatus: status, latestActivity: row["latestActivity"],
                               lastCompletedAt: row["lastCompletedAt"])
        }
    }
}
