import StudyCore
import TUIKit

extension LineSession {
    /// A timed task cannot keep its timing in line mode (nor with a screen reader): it says so,
    /// and the step is recorded as skipped with that reason; the task's untimed alternative,
    /// when it names one, comes next.
    func timedStep(_ t: TimedStepController) -> StepReply {
        let reason = TimedStepController.lineModeReason
        say("! " + reason)
        let onward = t.timed.untimedAlternative == nil
            ? "Press Enter to go on; the step is recorded as skipped."
            : "Press Enter for the untimed version; this step is recorded as skipped."
        while true {
            switch ask(onward) {
            case .text: return .output(.skipped(reason: reason, goTo: t.timed.untimedAlternative))
            case .command(.help): helpText()
            case .command(let c): return .command(c, nil)
            case .ended: return .ended(nil)
            }
        }
    }
}
