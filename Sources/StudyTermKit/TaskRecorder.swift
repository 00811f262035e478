import Foundation
import StudyCore
import StudyFHIR
import StudyStore
import StudyTUI

/// Records one task run of the journey in the store: the run row (with its schedule window), a
/// restoration snapshot after every accepted answer, and the finish (result, FHIR documents,
/// enriched metadata and outbox items, in one transaction, before the run counts as done).
package struct TaskRecorder: Sendable {
    /// The store written to.
    package let store: StudyStore
    /// The launch being recorded.
    package let launch: TaskLaunch
    /// The participant whose run this is, when it is not the journey's (a kiosk session's
    /// enrollment): the run row is started through it, so it carries the session's id.
    package var participant: ParticipantStore?

    /// A recorder of `launch` into `store` (through `participant`'s scope when given).
    package init(store: StudyStore, launch: TaskLaunch, participant: ParticipantStore? = nil) {
        self.store = store
        self.launch = launch
        self.participant = participant
    }

    /// The run's schedule window as the store keeps it (open-ended windows are matched by finish time).
    package var window: ScheduleWindow? {
        launch.window.flatMap { w in w.end.map { ScheduleWindow(start: w.start, end: $0) } }
    }

    /// Saves the run's restoration snapshot durably; the run row is stored with the first one.
    /// Call after every accepted answer, before the next screen shows.
    package func autosave(_ run: TaskRun, at date: Date = Date()) throws(StoreError) {
        try autosave(EncodedSnapshot(run.snapshot()), at: date)
    }

    /// The task environment's autosave: stores each snapshot the screen hands over, as it is
    /// (never decoded and encoded again), and says why in a few words when it could not (the
    /// screen then keeps the step).
    package var snapshotSaver: @Sendable (EncodedSnapshot) -> AutosaveFailure? {
        { snapshot in
            do throws(StoreError) {
                try autosave(snapshot)
                return nil
            } catch {
                return AutosaveFailure(error.cause)
            }
        }
    }

    /// Saves an encoded restoration snapshot as the task screen hands it over; the run row is
    /// stored with the first one.
    package func autosave(_ snapshot: EncodedSnapshot, at date: Date = Date()) throws(StoreError) {
        let path = snapshot.stepPath ?? ""
        do {
            try store.saveSnapshot(runID: snapshot.taskRunUUID, data: snapshot.json, stepPath: path, at: date)
        } catch .runNotFound {
            try begin(runID: snapshot.taskRunUUID, startedAt: snapshot.startDate)
            try store.saveSnapshot(runID: snapshot.taskRunUUID, data: snapshot.json, stepPath: path, at: date)
        }
    }

    /// Stores the end of a run: saved for later, discarded, or finished with its result.
    @discardableResult
    package func finish(_ run: TaskRun, loaded: LoadedTask, at date: Date = Date()) throws(StoreError) -> FinishReason {
        let reason = run.finishReason ?? .completed
        if try store.run(id: run.taskRunUUID) == nil { try begin(runID: run.taskRunUUID, startedAt: run.startDate) }
        switch reason {
        case .saved:
            try autosave(run, at: date)
            try store.saveForLater(runID: run.taskRunUUID, at: date)
        case .discarded:
            try store.discardRun(runID: run.taskRunUUID, at: date)
        case .completed, .failed, .earlyExit, .timedOut:
            let result = run.result
            let record = loaded.export.record(of: result)?.record
            // The Observations the format extracts from its record; a format that keeps no record
            // gets the task's own Observation of its result.
            // A timed step's trial log goes with them as a DocumentReference.
            let observations = (record.map { loaded.export.observations(from: $0) }
                ?? [ObservationBuilder().build(result: result, taskTitle: launch.task.title)])
                + ObservationBuilder().trialLogDocuments(result: result)
            try store.finishRun(FinishedRun(result: result, questionnaireResponse: record, observations: observations,
                                            finishedAt: run.endDate ?? date))
        }
        return reason
    }

    /// Stores the run row with the launch's study, task and window.
    private func begin(runID: UUID, startedAt: Date) throws(StoreError) {
        if let participant {
            try participant.startRun(id: runID, taskID: launch.task.identifier, window: window, at: startedAt)
            return
        }
        try store.startRun(id: runID, studyID: launch.studyID, taskID: launch.task.identifier, window: window, at: startedAt)
    }
}
