import Foundation
import StudyTermKit
import StudyCore
import StudyStore
import StudyTUI
import TUIKit

/// Alternates the journey and the task screen on one terminal until the participant quits.
struct JourneyRunner {
    /// The journey's services.
    let services: JourneyServices
    /// The store tasks are recorded in.
    let store: StudyStore
    /// The terminal both use.
    let terminal: any Terminal

    /// Runs journeys and tasks; returns how it ended (quit or a signal).
    func run() -> JourneyOutcome {
        var notice: Notice?
        while true {
            var loop = EventLoop(program: JourneyProgram(services: services, size: terminal.size, notice: notice), terminal: terminal)
            if case .signal(let signal) = loop.run() { return .signalled(signal) }
            guard case .runTask(let launch)? = loop.program.outcome else { return .quit }
            switch TaskSession.prepare(launch, store: store) {
            case .failure(let failure):
                notice = Notice(failure.message, tone: .error)
            case .success(let session):
                switch runTaskInTerminal(session, terminal: terminal) {
                case .recorded(let reason): notice = Notice(Self.sentence(reason, title: launch.task.title))
                case .notRun(let why): notice = Notice(why, tone: .error)
                case .signalled(let signal): return .signalled(signal)
                }
            }
        }
    }

    /// What the dashboard says after a run.
    static func sentence(_ reason: FinishReason, title: String) -> String {
        switch reason {
        case .completed: "Thank you! Your answers to \(title) are stored."
        case .saved: "\(title) is saved; resume it from the dashboard."
        case .discarded: "\(title) was discarded; nothing was kept."
        case .earlyExit: "\(title) ended early; your answers are stored."
        case .failed: "\(title) stopped with an error; what you answered is stored."
        }
    }
}
