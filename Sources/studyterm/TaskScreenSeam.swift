import Foundation
import StudyCore
import StudyTUI
import TUIKit

/// How a task run on the terminal ended, for the journey's greeting.
enum TaskEnding: Equatable {
    /// The run ended and was recorded with this reason.
    case recorded(FinishReason)
    /// Nothing was run or recorded; the sentence says why.
    case notRun(String)
    /// A termination signal arrived during the task.
    case signalled(TerminalSignal)
}

/// Runs one task on `terminal` (the journey's terminal, still open) and records it through the
/// session: `session.autosave(run)` after every accepted answer, `session.finish(run)` once at the end.
///
/// PROVISIONAL: this build has no task screen, so it only says so. Connect the task screen here:
/// run its loop on `terminal` with `session.run`, pass `session.autosave` and `session.finish` as its
/// closures, and return `.recorded(reason)` (or `.signalled` when its loop ended on a signal).
func runTaskInTerminal(_ session: TaskSession, terminal: any Terminal) -> TaskEnding {
    var loop = EventLoop(program: UnavailableTaskScreen(title: session.launch.task.title), terminal: terminal)
    if case .signal(let signal) = loop.run() { return .signalled(signal) }
    return .notRun("The task screen is not available in this build, so \(session.launch.task.title) did not run. Nothing was recorded.")
}
