import Foundation
import GRDB
import StudyCore

extension StudyStore {
    /// Finishes a run in one transaction: the result and its metadata, the outbox items, the run's status
    /// and the removal of its snapshot are stored together or not at all. Only then does the run count as done.
    ///
    /// `saved` and `discarded` are not finishes: use `saveForLater` and `discardRun` (a precondition).
    @discardableResult
    public func finishRun(_ finished: FinishedRun) throws(StoreError) -> FinishReceipt {
        let reason = finished.result.finishReason ?? .completed
        precondition(reason != .saved && reason != .discarded, "finishRun takes completed, failed, earlyExit or timedOut runs")
        return try database.write("store the finished task") { db in try Self.finish(db, finished, appVersion: appVersion) }
    }

    /// Stores `finished` inside the caller's transaction (`finishRun`, and a kiosk session's end
    /// keeping a run's partial answers, which also names the end's reason: `kioskEndReason`).
    static func finish(_ db: Database, _ finished: FinishedRun, appVersion: String,
                       kioskEndReason: KioskSessionEndReason? = nil) throws -> FinishReceipt {
        let reason = finished.result.finishReason ?? .completed
        let runID = finished.result.taskRunUUID
        let resultJSON = finished.result.json
        guard var run = try TaskRunRecord.fetchOne(db, key: runID.uuidString) else { throw StoreError.runNotFound(runID) }
        guard run.status.isOpen else { throw StoreError.runNotOpen(runID, status: run.status) }
        // The run's own enrollment, withdrawn or not: a run finished while leaving still names its
        // participant. A run stored before anyone enrolled goes to the study's latest enrollment.
        let enrollment = try run.enrollmentID.flatMap { id in try Enrollment.fetchOne(db, key: id) }
            ?? Enrollment.filter(Column("studyID") == run.studyID && Column("kioskSessionID") == nil)
                .order(Column("id").desc).fetchOne(db)
        run.enrollmentID = enrollment?.id ?? run.enrollmentID
        let owner = run.enrollmentID
        let metadata = ObservationMetadata(
            studyID: run.studyID, studyVersion: enrollment?.studyVersion, participantID: enrollment?.participantID,
            taskID: run.taskID, taskVersion: finished.result.versionString, runUUID: runID, window: run.window,
            appVersion: appVersion, startedAt: run.startedAt, finishedAt: finished.finishedAt,
            storedAt: finished.finishedAt, finishReason: reason, kioskSessionID: run.kioskSessionID,
            kioskEndReason: kioskEndReason,
            language: try run.kioskSessionID.flatMap { id in try KioskSessionRecord.fetchOne(db, key: id.uuidString)?.language })
        run.status = RunStatus(reason)
        run.kioskEndReason = kioskEndReason ?? run.kioskEndReason
        run.updatedAt = finished.finishedAt
        run.finishedAt = finished.finishedAt
        try run.update(db)
        try ResultRecord(runID: runID, taskResult: resultJSON, questionnaireResponse: finished.questionnaireResponse,
                         observations: finished.observations, metadata: metadata.json, storedAt: finished.finishedAt,
                         enrollmentID: owner).insert(db)
        var items = [OutboxItem(runID: runID, kind: .taskResult, payload: resultJSON, metadata: metadata.json,
                                createdAt: finished.finishedAt, enrollmentID: owner)]
        if let response = finished.questionnaireResponse {
            items.append(OutboxItem(runID: runID, kind: .questionnaireResponse, payload: response,
                                    metadata: metadata.json, createdAt: finished.finishedAt, enrollmentID: owner))
        }
        for observation in finished.observations {
            items.append(OutboxItem(runID: runID, kind: .observation, payload: observation,
                                    metadata: metadata.json, createdAt: finished.finishedAt, enrollmentID: owner))
        }
        for item in items { try item.insert(db) }
        try SnapshotRecord.deleteOne(db, key: runID.uuidString)
        return FinishReceipt(run: run, metadata: metadata, outboxItems: items)
    }

    /// The stored result of a run.
    public func result(runID: UUID) throws(StoreError) -> ResultRecord? {
        try database.read("read the result") { db in try ResultRecord.fetchOne(db, key: runID.uuidString) }
    }
}
