import Foundation
import StudyCore
import TUIKit

extension LineSession {
    /// Runs a timer, announcing the time left at coarse steps and captions as they fall due.
    func activeStep(_ start: ActiveStepController) -> StepReply {
        var a = start
        if a.isTimed, !a.active.startsAutomatically {
            switch ask("Press Enter to start the \(a.active.duration.saturatingInt) second timer.") {
            case .ended: return .ended(nil)
            case .command(let c) where c != .help: return .command(c, nil)
            default: break
            }
        }
        if a.isTimed {
            let begin = environment.uptime()
            var out = a.handle(.start(at: begin))
            say("Timer started: \(CountText.of(a.remainingSeconds, "second")).")
            var lastAnnounced = a.remainingSeconds
            while true {
                for c in out.captions {
                    say("» " + Sanitizer.sanitizeLine(c))
                    environment.speak(c)
                }
                if a.isFinished { break }
                sleep(a.secondsToNextTick ?? 1)
                out = a.handle(.tick(at: environment.uptime()))
                let left = a.remainingSeconds
                if left != lastAnnounced, left > 0, left % 10 == 0 || left <= 3 {
                    say("\(CountText.of(left, "second")) left.")
                    lastAnnounced = left
                }
            }
            say("Time is up.")
            if a.active.continuesOnFinish { return .forward(nil) }
        }
        while true {
            switch ask("Press Enter to go on.") {
            case .text: return .forward(nil)
            case .command(.help): helpText()
            case .command(let c): return .command(c, nil)
            case .ended: return .ended(nil)
            }
        }
    }
}
