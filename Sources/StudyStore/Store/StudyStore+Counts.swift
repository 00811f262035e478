import Foundation
import GRDB
import StudyCore

extension StudyStore {
    /// The result counts of one study (or all): stored, completed, not yet sent (``ResultCounts``).
    public func resultCounts(studyID: String? = nil) throws(StoreError) -> ResultCounts {
        try database.read("count the results") { db in try Self.resultCounts(db, scope: RowScope(studyID: studyID)) }
    }

    /// One pass over the runs that have a result (the same join export reads): a result is unsent
    /// while any of its run's outbox items waits for a server.
    static func resultCounts(_ db: Database, scope: RowScope) throws -> ResultCounts {
        let row = try Row.fetchOne(db, sql: """
            SELECT COUNT(*) AS stored, COALESCE(SUM(t.status = 'completed'), 0) AS completed,
                   COALESCE(SUM(EXISTS (SELECT 1 FROM outbox o WHERE o.runID = t.id AND o.acceptedAt IS NULL)), 0) AS unsent
            FROM taskRun t JOIN result r ON r.runID = t.id WHERE \(scope.condition("t"))
            """, arguments: scope.arguments)
        return ResultCounts(stored: row?["stored"] ?? 0, completed: row?["completed"] ?? 0, unsent: row?["unsent"] ?? 0)
    }
}
