import Foundation
import StudyTermKit
import StudyCore
import StudyStore
import StudyTUI
import TUIKit

/// How a task run on the terminal ended, for the journey's greeting.
enum TaskEnding: Equatable {
    /// The run ended and was recorded with this reason.
    case recorded(FinishReason)
    /// Nothing was run or recorded; the sentence says why.
    case notRun(String)
    /// A termination signal arrived during the task (the run was saved first).
    case signalled(TerminalSignal)
}

/// Runs one task's screen on `terminal` (the journey's terminal, still open): every accepted answer
/// is stored as a restoration snapshot before the next screen shows, and the end is recorded once.
func runTaskInTerminal(_ session: TaskSession, terminal: any Terminal) -> TaskEnding {
    let recorder = session.recorder
    let environment = LiveEnvironment.make(speak: false, autosave: recorder.snapshotSaver)
    var loop = EventLoop(program: TaskScreen(run: session.run, size: terminal.size, environment: environment), terminal: terminal)
    let exit = loop.run()
    var screen = loop.program
    var signal: TerminalSignal?
    switch exit {
    case .signal(let s):
        if !screen.run.isFinished { _ = screen.update(.signalled(s)) }
        signal = s
    case .inputEnded:
        if !screen.run.isFinished { _ = screen.update(.signalled(.hangup)) }
    case .quit:
        break
    }
    do {
        let reason = try session.finish(screen.run)
        return signal.map { .signalled($0) } ?? .recorded(reason)
    } catch {
        return .notRun("\(session.launch.task.title) could not be recorded: \(error.cause). Your answers are kept: start it again from the dashboard to finish it.")
    }
}
