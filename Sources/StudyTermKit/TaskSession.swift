import Foundation
import StudyCore
import StudyStore
import StudyTUI

/// What the task screen gets from the journey: the loaded task, the run to show (new, or restored
/// from its snapshot with the same run UUID), and the recorder for autosaves and the finish.
package struct TaskSession {
    /// What the participant chose on the dashboard.
    package let launch: TaskLaunch
    /// The task file, loaded with every importer.
    package let loaded: LoadedTask
    /// The run to show.
    package var run: TaskRun
    /// Where answers and the result go.
    package let recorder: TaskRecorder

    /// Loads the task and prepares its run; a failure is one sentence for the dashboard.
    package static func prepare(_ launch: TaskLaunch, store: StudyStore, participant: ParticipantStore? = nil,
                                now: Date = Date()) -> Result<TaskSession, JourneyFailure> {
        let loaded: LoadedTask
        do { loaded = try TaskSource.loadForJourney(launch.task.sourceURL) } catch {
            return .failure(JourneyFailure.taskCannotLoad(task: launch.task.title, reason: error.errors.first?.description ?? "unknown error"))
        }
        var run: TaskRun
        if let open = launch.resume, let json = open.snapshot {
            do {
                run = try TaskRun(task: loaded.task, restoring: try RunSnapshot(json: json), now: now, conditions: loaded.conditions)
            } catch {
                return .failure(JourneyFailure.taskCannotResume(task: launch.task.title, reason: error.reason))
            }
        } else {
            run = TaskRun(task: loaded.task, taskRunUUID: launch.resume?.runID ?? UUID(), now: now, conditions: loaded.conditions)
            run.start(now: now)
        }
        return .success(TaskSession(launch: launch, loaded: loaded, run: run, recorder: TaskRecorder(store: store, launch: launch, participant: participant)))
    }

    /// Records how the run ended (the task screen calls it once).
    @discardableResult
    package func finish(_ run: TaskRun) throws(StoreError) -> FinishReason { try recorder.finish(run, loaded: loaded) }
}
