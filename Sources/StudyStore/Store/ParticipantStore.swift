import Foundation
import GRDB
import StudyCore
import StudyExport

/// One participant's view of the store: the rows of one enrollment (column `enrollmentID`), and
/// only those. The journey reads through it, so a participant who leaves and joins again (a new
/// enrollment) starts clean: no results, no done tasks, no resumable runs, no earlier messages,
/// while the earlier enrollment's rows stay stored, are still sent, and are exported with the
/// whole folder (`StudyStore.exportDocument`). A kiosk session writes through one of these too.
///
/// Make one with `StudyStore.scoped(to:)` or `StudyStore.currentScope(studyID:)`.
public struct ParticipantStore: Sendable {
    /// The whole store underneath.
    public let store: StudyStore
    /// The enrollment whose rows this view reads and writes.
    public let enrollment: Enrollment
    /// The enrollment's row id.
    public let enrollmentID: Int64

    /// The view of `enrollment`, which must be stored (have an id).
    init(store: StudyStore, enrollment: Enrollment) {
        guard let id = enrollment.id else { preconditionFailure("a participant's view needs a stored enrollment") }
        self.store = store
        self.enrollment = enrollment
        self.enrollmentID = id
    }

    /// The scope every query of this view reads.
    var scope: RowScope { .enrollment(enrollmentID) }

    /// The participant's dashboard: their runs, open runs, result counts, pending outbox items and
    /// unread messages, from one read transaction.
    public func dashboard() throws(StoreError) -> Dashboard {
        try store.database.read("read the dashboard") { db in try StudyStore.dashboard(db, runs: scope, rest: scope) }
    }

    /// The participant's result counts: stored, completed, not yet sent.
    public func resultCounts() throws(StoreError) -> ResultCounts {
        try store.database.read("count the results") { db in try StudyStore.resultCounts(db, scope: scope) }
    }

    /// The participant's completed runs finished at or after `since`, oldest first (the schedule).
    public func completedRuns(since: Date) throws(StoreError) -> [TaskRunRecord] {
        try store.database.read("read the completed runs") { db in try StudyStore.completedRuns(db, scope: scope, since: since) }
    }

    /// The participant's open runs with their snapshots, most recently touched first (resume).
    public func openRuns() throws(StoreError) -> [ResumableRun] {
        try store.database.read("read the open runs") { db in try StudyStore.openRuns(db, scope: scope) }
    }

    /// Stores a new open run of this participant in the enrollment's study. A kiosk session's run
    /// carries the session's id, and a session that has ended starts none (`kioskSessionEnded`).
    @discardableResult
    public func startRun(id: UUID, taskID: String, window: ScheduleWindow? = nil, at date: Date) throws(StoreError) -> TaskRunRecord {
        let session = enrollment.kioskSessionID
        let run = TaskRunRecord(id: id, studyID: enrollment.studyID, taskID: taskID, window: window, startedAt: date,
                                enrollmentID: enrollmentID, kioskSessionID: session)
        return try store.database.write("start the task run") { db in
            if let session { _ = try StudyStore.requireOpenKioskSession(db, id: session) }
            return try StudyStore.insertRun(db, run)
        }
    }

    /// The participant's stored results as the exporters read them, in the order the runs finished.
    public func exportableRuns() throws(StoreError) -> [ExportableRun] {
        try store.exportableRuns(scope: scope)
    }

    /// One export document of the participant's results, and how many results it holds.
    public func exportDocument(_ format: ExportFormat) throws(StoreError) -> (text: String, resultCount: Int) {
        try store.exportDocument(format, scope: scope)
    }
}

extension StudyStore {
    /// The view of one stored enrollment's rows (`enrollment.id` must be set).
    public func scoped(to enrollment: Enrollment) -> ParticipantStore {
        ParticipantStore(store: self, enrollment: enrollment)
    }

    /// The view of the current enrollment in `studyID` (or the latest current one of any study);
    /// nil when no one is enrolled.
    public func currentScope(studyID: String? = nil) throws(StoreError) -> ParticipantStore? {
        try currentEnrollment(studyID: studyID).map(scoped(to:))
    }

    /// The view of the journey's latest enrollment in `studyID`, current or withdrawn (never a kiosk
    /// session's); nil when no one ever enrolled.
    public func latestScope(studyID: String) throws(StoreError) -> ParticipantStore? {
        try database.read("read the enrollment") { db in
            try Enrollment.filter(Column("studyID") == studyID && Column("kioskSessionID") == nil)
                .order(Column("id").desc).fetchOne(db)
        }.map(scoped(to:))
    }
}
