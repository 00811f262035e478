import Foundation
import StudyCore
import TUIKit

extension KioskProgram {
    /// A participant screen appears: its idle timeout starts now (the station's timeouts, bounded
    /// by WCAG 2.2.1 when the configuration was decoded); `step` (a task's step path) takes its
    /// override from `timeouts.steps`, by `task/path` or by the path alone.
    mutating func startIdle(step: String? = nil) -> [Command<KioskMessage>] {
        idleGeneration += 1
        idleStep = step
        let t = station.timeouts
        let seconds = step.map { path in
            t.steps[(session?.currentTask).map { "\($0)/\(path)" } ?? path] ?? t.seconds(forStep: path)
        } ?? t.screenSeconds
        idle = try? IdleWatch(limit: .seconds(seconds), warning: .seconds(t.warningSeconds),
                              extensions: t.maxExtensions, start: clock.now())
        return scheduleIdle()
    }

    /// The task showing moved to another step: its timeout starts again, with the step's own.
    mutating func restartIdleOnNewStep() -> [Command<KioskMessage>] {
        guard case .task(let visit) = screen, visit.screen.exit == nil, idle != nil,
              let path = visit.screen.run.currentPath, path != idleStep else { return [] }
        return startIdle(step: path)
    }

    /// A key on a participant screen: it holds the screen (before the warning, or as one of the
    /// extensions during it); the timer is set for the next change.
    mutating func idleActivity() -> [Command<KioskMessage>] {
        guard var watch = idle else { return [] }
        watch.keyPressed(at: clock.now())
        idle = watch
        return scheduleIdle()
    }

    /// One timer for the next change of what the screen shows: the warning, the countdown's next
    /// second, or the expiry.
    func scheduleIdle() -> [Command<KioskMessage>] {
        let now = clock.now()
        guard let watch = idle, let next = watch.nextChange(after: now) else { return [] }
        return [.timer(Self.idleTimer, after: max(.zero, next - now), .idleTicked(generation: idleGeneration))]
    }

    /// The idle timer fired: the countdown redraws, or the time is up and the session ends
    /// `timedOut` (a task first stops with `inactivityTimedOut`, keeping or dropping its answers
    /// by the partial-answer policy, and its end is recorded).
    mutating func idleTicked(_ generation: Int) -> [Command<KioskMessage>] {
        guard generation == idleGeneration, let watch = idle else { return [] }
        guard watch.phase(at: clock.now()) == .expired else { return scheduleIdle() }
        idle = nil
        switch screen {
        case .task:
            pendingEnd = .timedOut
            return taskUpdate(.inactivityTimedOut(keepPartial: station.partialAnswers == .keep))
        case .language, .identify, .consent:
            return endSession(.timedOut)
        case .welcome, .preparing, .thankYou, .adminPIN, .adminMenu, .admin:
            return []
        }
    }

    /// The warning's countdown at this instant, in whole seconds; nil when no warning shows.
    public var idleCountdown: Int? { idle?.countdownSeconds(at: clock.now()) }
}
