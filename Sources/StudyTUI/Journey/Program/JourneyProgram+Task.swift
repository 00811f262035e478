import Foundation
import StudyCore
import TUIKit

extension JourneyProgram {
    /// Prepares the launched task (its run, new or restored): at once, before the next frame.
    func startTask(_ launch: TaskLaunch) -> Command<JourneyMessage> {
        let services = services
        return .perform { .taskStarted(services.startTask(launch), launch) }
    }

    /// The task is ready: its screen shows, a child of the journey; otherwise the dashboard says why.
    mutating func taskStarted(_ result: Result<TaskStart, JourneyFailure>, launch: TaskLaunch) -> [Command<JourneyMessage>] {
        guard case .dashboard(let dashboard) = destination else { return [] }
        _ = drive(.taskStarted(result, launch))
        switch result {
        case .failure(let failure):
            notice = Notice(failure.message, tone: .error)
            return []
        case .success(let start):
            let screen = TaskScreen(run: start.run, size: size, environment: start.environment)
            destination = .task(TaskVisit(screen: screen, launch: launch, finish: start.finish, dashboard: dashboard))
            return screen.initialCommands.map { $0.map(JourneyMessage.task) }
        }
    }

    /// Hands `message` to the task screen, when a task shows, and wraps its commands. When the
    /// screen is done (finished, saved, discarded, or ended by a signal) its end is recorded at
    /// once, and the dashboard shows again.
    mutating func taskUpdate(_ message: TaskScreen.Message) -> [Command<JourneyMessage>] {
        guard case .task(var visit) = destination else { return [] }
        let commands = visit.screen.update(message)
        destination = .task(visit)
        // The screen's quit ends the task, not the journey.
        var wrapped = commands.filter { if case .quit = $0 { return false }; return true }.map { $0.map(JourneyMessage.task) }
        if visit.screen.exit != nil {
            let run = visit.screen.run, finish = visit.finish, title = visit.launch.task.title
            wrapped.append(.perform { .taskRecorded(finish(run), title: title) })
        }
        return wrapped
    }

    /// The task's end was recorded (or not): the dashboard shows again and says so.
    mutating func taskRecorded(_ result: Result<FinishReason, JourneyFailure>, title: String) -> [Command<JourneyMessage>] {
        guard case .task = destination else { return [] }
        let commands = drive(.taskRecorded(result, title: title))
        switch result {
        case .success(let reason): notice = Notice(Self.sentence(reason, title: title))
        case .failure(let failure):
            notice = Notice("\(title) could not be recorded: \(failure.message). Your answers are kept: start it again from the dashboard to finish it.",
                            tone: .error)
        }
        return outcome == nil ? commands + sendSoon() : []
    }

    /// The terminal is gone (its input ended) and the loop with it: a task showing saves its
    /// answers and its end is recorded, as after a hangup. The runner calls it after the loop.
    public mutating func inputEnded() {
        outcome = .quit
        var pending = taskUpdate(.signalled(.hangup))
        while !pending.isEmpty {
            if case .perform(let effect) = pending.removeFirst(), let message = effect() { pending += update(message) }
        }
    }

    /// What the dashboard says after a run.
    public static func sentence(_ reason: FinishReason, title: String) -> String {
        switch reason {
        case .completed: "Thank you! Your answers to \(title) are stored."
        case .saved: "\(title) is saved; resume it from the dashboard."
        case .discarded: "\(title) was discarded; nothing was kept."
        case .earlyExit: "\(title) ended early; your answers are stored."
        case .failed: "\(title) stopped with an error; what you answered is stored."
        case .timedOut: "\(title) stopped after a time without input."
        }
    }
}
