import Foundation
import StudyCore
import TUIKit

extension KioskLineStation {
    /// The participant's next reply to the prompt showing; nil when the prompt ended without one:
    /// input ended, a signal came, the program moved on (its idle timeout ended the session, the
    /// thank-you's time is over), or, during a task (`inTask`), its prompt expired. Reads until
    /// the program's next timer and delivers it when it is due (its idle ticks: the warning line
    /// is said once when the program's countdown starts). A reply is activity for the program's
    /// idle watch; an empty line during the warning only extends it (when extensions are left).
    /// During a task nothing is handed to the program's task screen: a signal waits until the
    /// task's prompts have stopped, and an expiry ends the prompts (`taskExpired`).
    func nextReply(inTask: Bool = false) -> String? {
        let asked = (program.screen.name, program.session?.id)
        while true {
            if let signal = takeSignal() {
                if inTask { signalDuringTask = signal } else { deliver(.signalled(signal)) }
                return nil
            }
            let due = timers.min { $0.value.due < $1.value.due }
            switch read(due?.value.due) {
            case .line(let line):
                let empty = line.trimmingCharacters(in: .whitespaces).isEmpty
                perform(program.idleActivity())
                if warned, empty {
                    // Enter during the warning: the prompt goes on if the watch took it.
                    if program.idleCountdown == nil {
                        warned = false
                        output("> ")
                    }
                    continue
                }
                warned = false
                return line
            case .timedOut:
                guard let due, clock.now() >= due.value.due else { continue }   // early: a signal may wait
                timers[due.key] = nil
                if inTask, case .idleTicked = due.value.message, program.idle?.phase(at: clock.now()) == .expired {
                    taskExpired = true
                    output("\n")
                    return nil
                }
                deliver(due.value.message)
                if stopped || program.screen.name != asked.0 || program.session?.id != asked.1 {
                    output("\n")
                    return nil
                }
                sayWarningIfDue()
            case .ended:
                inputEnded = true
                output("\n")
                return nil
            }
        }
    }

    /// Says the idle warning with the seconds left, once, when the program's countdown has begun.
    func sayWarningIfDue() {
        guard !warned, let seconds = program.idleCountdown else { return }
        warned = true
        output("\n" + LinePromptTimeout.warningLine(seconds: seconds) + "\n> ")
    }

    /// Waits, reading and dropping lines, until the program moves on from the screen showing (a
    /// timer it set, such as the thank-you's), a signal comes or input ends. Lines typed meanwhile
    /// are dropped here, and whatever is left is flushed by the wipe that follows.
    func waitForProgram() {
        let asked = (program.screen.name, program.session?.id)
        while !stopped, !inputEnded, program.screen.name == asked.0, program.session?.id == asked.1 {
            _ = nextReply()
        }
    }
}
