import Foundation
import GRDB
import StudyCore

extension StudyStore {
    /// Stores a new open run of the study's current enrollment (none when no one is enrolled). The
    /// UUID comes from the `TaskRun` and stays with the run for good.
    @discardableResult
    public func startRun(id: UUID, studyID: String, taskID: String, window: ScheduleWindow? = nil,
                         at date: Date) throws(StoreError) -> TaskRunRecord {
        try database.write("start the task run") { db in
            try Self.insertRun(db, TaskRunRecord(id: id, studyID: studyID, taskID: taskID, window: window, startedAt: date,
                                                 enrollmentID: try Self.current(db, studyID: studyID)?.id))
        }
    }

    /// Inserts `run`, refusing a UUID already stored.
    static func insertRun(_ db: Database, _ run: TaskRunRecord) throws -> TaskRunRecord {
        if try TaskRunRecord.exists(db, key: run.id.uuidString) { throw StoreError.runAlreadyExists(run.id) }
        try run.insert(db)
        return run
    }

    /// Replaces the run's restoration snapshot durably (committed and synced before it returns).
    /// Call after every accepted answer, before the next screen shows. A `saved` run becomes `inProgress` again.
    public func saveSnapshot(runID: UUID, data: JSONValue, stepPath: String, at date: Date) throws(StoreError) {
        let key = runID.uuidString, text = data.compactJSON
        try database.write("save the answer") { db in
            try db.cachedStatement(sql: """
                UPDATE taskRun SET status = 'inProgress', updatedAt = ? WHERE id = ? AND status IN ('inProgress', 'saved')
                """).execute(arguments: [date, key])
            if db.changesCount == 0 { throw try Self.notOpenError(db, runID: runID) }
            try db.cachedStatement(sql: """
                INSERT INTO snapshot (runID, data, stepPath, updatedAt) VALUES (?, ?, ?, ?)
                ON CONFLICT (runID) DO UPDATE SET data = excluded.data, stepPath = excluded.stepPath, updatedAt = excluded.updatedAt
                """).execute(arguments: [key, text, stepPath, date])
        }
    }

    /// Puts the run aside ("save for later"): its snapshot is kept and the dashboard offers to resume it.
    public func saveForLater(runID: UUID, at date: Date) throws(StoreError) {
        try setOpenRunStatus(runID: runID, to: .saved, at: date, deleteSnapshot: false)
    }

    /// Throws the run away at the participant's request: no result, no upload; the run row stays as a record.
    public func discardRun(runID: UUID, at date: Date) throws(StoreError) {
        try setOpenRunStatus(runID: runID, to: .discarded, at: date, deleteSnapshot: true)
    }

    /// The run with this UUID.
    public func run(id: UUID) throws(StoreError) -> TaskRunRecord? {
        try database.read("read the task run") { db in try TaskRunRecord.fetchOne(db, key: id.uuidString) }
    }

    /// The run's latest restoration snapshot.
    public func snapshot(runID: UUID) throws(StoreError) -> SnapshotRecord? {
        try database.read("read the snapshot") { db in try SnapshotRecord.fetchOne(db, key: runID.uuidString) }
    }

    /// The open runs of a study (every participant's) with their snapshots, most recently touched first.
    public func openRuns(studyID: String) throws(StoreError) -> [ResumableRun] {
        try database.read("read the open runs") { db in try Self.openRuns(db, scope: .study(studyID)) }
    }

    /// The most recently touched open run: what the dashboard offers to resume after a crash.
    public func latestOpenRun(studyID: String) throws(StoreError) -> ResumableRun? {
        try openRuns(studyID: studyID).first
    }

    /// Open runs with snapshots, through the partial index `taskRun_open` (`taskRun_open_by_enrollment`).
    static func openRuns(_ db: Database, scope: RowScope) throws -> [ResumableRun] {
        let runs = try TaskRunRecord.fetchAll(db, sql: """
            SELECT * FROM taskRun t WHERE \(scope.condition("t")) AND status IN ('inProgress', 'saved') ORDER BY updatedAt DESC
            """, arguments: scope.arguments)
        return try runs.map { run in
            ResumableRun(run: run, snapshot: try SnapshotRecord.fetchOne(db, key: run.id.uuidString))
        }
    }

    /// `runNotFound` or `runNotOpen`, whichever explains why an open-run update touched nothing.
    static func notOpenError(_ db: Database, runID: UUID) throws -> StoreError {
        guard let run = try TaskRunRecord.fetchOne(db, key: runID.uuidString) else { return .runNotFound(runID) }
        return .runNotOpen(runID, status: run.status)
    }

    /// Moves an open run to `status`, optionally dropping its snapshot.
    private func setOpenRunStatus(runID: UUID, to status: RunStatus, at date: Date, deleteSnapshot: Bool) throws(StoreError) {
        try database.write("change the task run") { db in
            try db.execute(sql: """
                UPDATE taskRun SET status = ?, updatedAt = ?, finishedAt = ? WHERE id = ? AND status IN ('inProgress', 'saved')
                """, arguments: [status, date, status.isOpen ? nil : date, runID.uuidString])
            if db.changesCount == 0 { throw try Self.notOpenError(db, runID: runID) }
            if deleteSnapshot { try SnapshotRecord.deleteOne(db, key: runID.uuidString) }
        }
    }
}
