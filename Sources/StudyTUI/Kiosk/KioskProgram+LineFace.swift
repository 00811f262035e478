import Foundation
import StudyCore
import TUIKit

/// What the station's line face (``KioskLineStation``) tells the program that the full screen
/// tells it through the task screen: the line face asks a task in line prompts (`LineSession`)
/// instead of the program's task screen, so the step showing and the run's end come from there.
/// Everything else (sessions, idle timeouts, the privacy reset) goes through ``update(_:)``.
extension KioskProgram {
    /// The line face asked step `path` of the task showing: the step's own idle timeout starts,
    /// as when the full screen's task moves to another step (`restartIdleOnNewStep()`).
    mutating func lineStepShown(_ path: String?) -> [Command<KioskMessage>] {
        guard case .task = screen, idle != nil, let path, path != idleStep else { return [] }
        return startIdle(step: path)
    }

    /// The line face's prompts ended the task showing with `run` (finished, saved, discarded, or
    /// ended `timedOut` by the partial-answer policy when `timedOut`): its end is recorded as the
    /// task screen's would be, then the plan goes on; after a time-out the session ends timed out
    /// once the run is recorded, as when the full screen's idle timer expires during a task.
    mutating func taskEndedInLines(_ run: TaskRun, timedOut: Bool) -> [Command<KioskMessage>] {
        guard case .task(var visit) = screen, !recording else { return [] }
        visit.screen.run = run
        screen = .task(visit)
        recording = true
        idle = nil
        if timedOut { pendingEnd = .timedOut }
        let finish = visit.finish
        return [.cancelTimer(Self.idleTimer), .perform { .taskRecorded(finish(run)) }]
    }
}
