import Foundation
import StudyCore
import TUIKit

extension KioskProgram {
    /// The session is stored: the consent (when the station shows it), then the first task.
    mutating func sessionBegan(_ result: Result<String, JourneyFailure>) -> [Command<KioskMessage>] {
        guard session != nil else { return [] }
        switch result {
        case .failure(let failure):
            session = nil
            screen = .welcome
            notice = "This station cannot start a session (\(failure.message)). Please tell staff."
            return [.wipeScreen]
        case .success(let code):
            sessionStored = true
            withdrawalCode = station.identification.asksForID ? nil : code
            return consentOrFirstTask()
        }
    }

    /// Prepares the session's next task, or ends it as completed after its last.
    mutating func nextTask() -> [Command<KioskMessage>] {
        guard let session else { return [] }
        switch session.stage {
        case .task(let index):
            screen = .preparing
            let id = session.id, task = session.plan[index].task, services = services
            return [.perform { .taskStarted(services.startTask(id, task)) }]
        case .thankYou:
            return endSession(.completed)
        case .language, .identification, .ended:
            return []
        }
    }

    /// The task is ready: its screen shows with its idle timeout. A task that cannot be prepared
    /// counts as not completed and the plan goes on.
    mutating func taskStarted(_ result: Result<TaskStart, JourneyFailure>) -> [Command<KioskMessage>] {
        guard let task = session?.currentTask, case .preparing = screen else { return [] }
        switch result {
        case .failure:
            session?.taskEnded(KioskSession.TaskOutcome(task: task, runID: UUID(), completed: false))
            return nextTask()
        case .success(let start):
            let taskScreen = TaskScreen(run: start.run, size: size, environment: start.environment, canCancel: false)
            screen = .task(KioskTaskVisit(screen: taskScreen, taskID: task, finish: start.finish))
            recording = false
            return taskScreen.initialCommands.map { $0.map(KioskMessage.task) } + startIdle(step: taskScreen.run.currentPath)
        }
    }

    /// Hands `message` to the task screen; a key or click is activity for the idle timeout. When
    /// the screen is done its end is recorded at once; its quit ends the task, never the station.
    mutating func taskUpdate(_ message: TaskScreen.Message) -> [Command<KioskMessage>] {
        guard case .task(var visit) = screen else { return [] }
        var activity: [Command<KioskMessage>] = []
        switch message {
        case .keyPressed, .mouseClicked: activity = idleActivity()
        default: break
        }
        let commands = visit.screen.update(message)
        screen = .task(visit)
        var wrapped = commands.filter { if case .quit = $0 { return false }; return true }.map { $0.map(KioskMessage.task) }
        if visit.screen.exit != nil, !recording {
            recording = true
            let run = visit.screen.run, finish = visit.finish
            wrapped.append(.perform { .taskRecorded(finish(run)) })
        }
        return activity + wrapped + restartIdleOnNewStep()
    }

    /// The task's end is stored: the next task starts, or the session ends (completed, or the
    /// end a time-out was waiting for).
    mutating func taskRecorded(_ result: Result<FinishReason, JourneyFailure>) -> [Command<KioskMessage>] {
        guard case .task(let visit) = screen, session != nil else { return [] }
        idle = nil
        screen = .preparing
        if let pendingEnd { return endSession(pendingEnd) }
        let run = visit.screen.run
        let completed = (try? result.get()) == .completed
        let answers = Dictionary(run.result.answersOnPath.map { ($0.path, $0.value) }, uniquingKeysWith: { _, last in last })
        session?.taskEnded(KioskSession.TaskOutcome(task: visit.taskID, runID: run.taskRunUUID, completed: completed, answers: answers))
        return [.cancelTimer(Self.idleTimer)] + nextTask()
    }

    /// Ends the session in progress with `reason`: the durable write first (skipped when the
    /// session was never stored), then the privacy reset in `sessionEnded(_:reason:)`.
    mutating func endSession(_ reason: KioskSessionEndReason) -> [Command<KioskMessage>] {
        guard var session else { return [] }
        if reason != .completed { session.end(reason) }
        self.session = session
        idle = nil
        let commands: [Command<KioskMessage>] = [.cancelTimer(Self.idleTimer)]
        guard sessionStored else { return commands + sessionEnded(.success(()), reason: reason) }
        sessionStored = false
        let closing = KioskServices.Closing(sessionID: session.id, reason: reason,
                                            tasksCompleted: session.outcomes.filter(\.completed).count)
        let services = services
        return commands + [.perform { .sessionEnded(services.endSession(closing), reason) }]
    }

    /// The session's end is durable (or could not be made so: staff are told on welcome): the
    /// privacy reset. The session and its task are dropped, the terminal is wiped, the language
    /// is the station's again; then the thank-you (completed, unless the consent was declined) or
    /// welcome draws, or the station exits (`endOfSession: exit`, a signal).
    mutating func sessionEnded(_ result: Result<Void, JourneyFailure>, reason: KioskSessionEndReason) -> [Command<KioskMessage>] {
        guard session != nil else { return [] }
        endings.append(reason)
        if case .failure(let failure) = result { notice = "The last session could not be stored (\(failure.message)). Please tell staff." }
        let (code, declined) = (withdrawalCode, consentDeclined)
        session = nil
        (withdrawalCode, pendingEnd, recording, idle, consentDeclined) = (nil, nil, false, nil, false)
        screen = .preparing
        language = station.languages.first ?? "en"
        var commands: [Command<KioskMessage>] = [.cancelTimer(Self.idleTimer), .wipeScreen]
        if outcome != nil { screen = .welcome; return commands }
        if reason == .completed, !declined {
            screen = .thankYou(withdrawalCode: code)
            commands.append(.timer(Self.thankYouTimer, after: .seconds(station.timeouts.thankYouSeconds), .thankYouElapsed))
            return commands
        }
        return commands + toWelcome(wiped: true)
    }

    /// The thank-you's time is over: wiped again, then welcome (or the exit).
    mutating func thankYouElapsed() -> [Command<KioskMessage>] {
        guard case .thankYou = screen else { return [] }
        return toWelcome(wiped: false)
    }

    /// Welcome draws on a wiped terminal, or the station exits after the session (never after a
    /// test session).
    mutating func toWelcome(wiped: Bool) -> [Command<KioskMessage>] {
        screen = .welcome
        let wipe: [Command<KioskMessage>] = wiped ? [] : [.wipeScreen]
        if testing { return wipe + endTestSession() }  // a test session never exits the station
        guard station.endOfSession == .exit else { return wipe }
        outcome = .exited
        return wipe + [.quit]
    }
}
