import Foundation
import StudyTUI
import TUIKit

/// Runs the journey on the terminal: one root program in one loop, tasks included, until the
/// participant quits, a signal arrives, or input ends.
struct JourneyRunner {
    /// The journey's services (tasks start through them).
    let services: JourneyServices
    /// The terminal.
    let terminal: any Terminal

    /// Runs the journey; returns how it ended (quit or a signal).
    func run() -> JourneyOutcome {
        var loop = EventLoop(program: JourneyProgram(services: services, size: terminal.size), terminal: terminal)
        switch loop.run() {
        case .signal(let signal): return .signalled(signal)
        case .quit: return .quit
        case .inputEnded:
            var program = loop.program
            program.inputEnded()
            return .quit
        }
    }
}
