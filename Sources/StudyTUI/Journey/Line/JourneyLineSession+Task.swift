import Foundation
import StudyCore
import TUIKit

extension JourneyLineSession {
    /// Asks the started task as line prompts (``LineSession``; every accepted answer is stored
    /// before the next prompt), records its end, says how it ended, and hands the end to the
    /// journey, which shows the dashboard again (what waits is sent first, as the full screen
    /// sends soon after a task). When input ends during the task, the task is saved, its end said
    /// and the session quits; when its prompt expires, the task ends timed out (its answers kept
    /// or dropped by the timeout's partial-answer policy) and is recorded, and the session ends
    /// timed out (the caller resets it).
    mutating func askTask(_ launch: TaskLaunch) -> [JourneyEvent] {
        guard let start = started else { return [.quit] }   // the journey only goes to a task it started
        started = nil
        let replies = replies, policy = replies.timeout?.partialAnswers
        var lines = LineSession(run: start.run, environment: start.environment, output: output, readLine: replies.next,
                                sleep: sleep, width: width)
        // An expired prompt ends the run timed out, its answers kept or dropped by the policy.
        lines.expiredPolicy = { replies.timedOut ? policy : nil }
        let note = lines.play()
        let timedOut = replies.timedOut
        if let note, !timedOut { output(note + "\n") }
        // A run saved on the participant's word: the session leaves saying so to its caller.
        if note == nil, lines.run.finishReason == .saved { output("Saved.\n") }
        let result = start.finish(lines.run)
        let title = launch.task.title
        let sentence = switch result {
        case .success(let reason): JourneyProgram.sentence(reason, title: title)
        case .failure(let failure):
            "! \(title) could not be recorded: \(failure.message). Your answers are kept: start it again from the dashboard to finish it."
        }
        if timedOut { return [] }
        if note != nil {
            // Input ended: the task's end is said last, and the session quits.
            closingNotice = sentence
            say(sentence)
            return [.quit]
        }
        say()
        say(sentence)
        let services = services
        _ = waitForWork { await services.sendOutbox() }
        return [.taskRecorded(result, title: title)]
    }
}
