import Foundation
import StudyCore
import TUIKit

extension KioskLineStation {
    /// Asks the plan task the program prepared in line prompts (``LineSession``: every accepted
    /// answer is stored before the next prompt), on the program's idle timeout (each step starts
    /// its own, with the configuration's per-step override), and hands the run's end back to the
    /// program, which records it and goes on with the plan. When a prompt expires the run ends
    /// timed out, its answers kept or dropped by the station's partial-answer policy, and the
    /// session ends timed out once it is recorded. A signal or the end of input stops the prompts
    /// (the answers so far are kept in the run's snapshot) before the program ends the session
    /// `interrupted`, so its durable end comes last.
    func askTask(_ visit: KioskTaskVisit) {
        (taskExpired, signalDuringTask) = (false, nil)
        let policy = program.station.partialAnswers
        var lines = LineSession(run: visit.screen.run, environment: visit.screen.environment, output: output,
                                readLine: { [unowned self] in self.nextReply(inTask: true) }, sleep: sleep, width: width)
        lines.expiredPolicy = { [unowned self] in self.taskExpired ? policy : nil }
        lines.leavingAllowed = false
        lines.stepShown = { [unowned self] path in self.perform(self.program.lineStepShown(path)) }
        _ = lines.play()
        if let signal = signalDuringTask {
            deliver(.signalled(signal))
            return
        }
        if inputEnded { return }   // `run` ends the session interrupted
        perform(program.taskEndedInLines(lines.run, timedOut: taskExpired))
    }
}
