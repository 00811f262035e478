import Foundation
import GRDB
import StudyCore

extension StudyStore {
    /// Everything the dashboard needs for `studyID`, every participant's runs together, from one read
    /// transaction (with the outbox and inbox counts of the whole folder). The journey reads one
    /// participant's through `ParticipantStore.dashboard()`.
    public func dashboard(studyID: String) throws(StoreError) -> Dashboard {
        try database.read("read the dashboard") { db in try Self.dashboard(db, runs: .study(studyID), rest: .all) }
    }

    /// The dashboard of the runs in `runs`, with the outbox and inbox counts of `rest`.
    static func dashboard(_ db: Database, runs: RowScope, rest: RowScope) throws -> Dashboard {
        Dashboard(tasks: try taskSummaries(db, scope: runs),
                  openRuns: try openRuns(db, scope: runs),
                  pendingOutboxCount: try pendingCount(db, scope: rest),
                  results: try resultCounts(db, scope: runs),
                  unreadNotificationCount: try unreadCount(db, scope: rest))
    }

    /// Per-task counts over the index `taskRun_on_task` (`taskRun_on_enrollment` for one
    /// participant); the latest status comes from one index probe per task.
    static func taskSummaries(_ db: Database, scope: RowScope) throws -> [TaskSummary] {
        let column = scope.column ?? "studyID"
        let rows = try Row.fetchAll(db, sql: """
            SELECT t.taskID, COUNT(*) AS runCount, SUM(t.status = 'completed') AS completedCount,
                   MAX(t.updatedAt) AS latestActivity,
                   MAX(CASE WHEN t.status = 'completed' THEN t.finishedAt END) AS lastCompletedAt,
                   (SELECT l.status FROM taskRun l WHERE l.\(column) = t.\(column) AND l.taskID = t.taskID
                    ORDER BY l.updatedAt DESC LIMIT 1) AS latestStatus
            FROM taskRun t WHERE \(scope.condition("t")) GROUP BY t.taskID ORDER BY t.taskID
            """, arguments: scope.arguments)
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
