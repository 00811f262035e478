import Foundation
import StudyCore
import TUIKit

/// The timer of an active or countdown step: the remaining time, a bar, and what to press.
struct TimerView {
    let controller: ActiveStepController
    /// Draw the time left in big digits (when the body has room for them).
    var bigDigits = false

    func add(to body: inout StepBody) {
        let c = controller
        guard c.isTimed else {
            body.add(BodyLine("Press Enter when you have finished.", role: .dim))
            return
        }
        var line = BodyLine()
        let seconds = c.remainingSeconds
        let clock = seconds >= 60 ? String(format: "%d:%02d", seconds / 60, seconds % 60) : "\(seconds)"
        if bigDigits, BigDigits.width(clock) + 2 <= body.width {
            for row in BigDigits.rows(clock) { body.add(BodyLine("  " + row, role: .accent)) }
        }
        let left = seconds >= 60 ? "\(clock) left" : "\(clock) s left"
        line.add(c.step.active?.isCountdown == true ? "  \(clock)" : "  " + left, .accent)
        body.add(line)
        // The latest spoken instruction, wrapped, right under the time so that it shows on the
        // smallest screens too.
        if let caption = c.caption { body.addWrapped("» " + caption, role: .warning, indent: 2) }
        let barWidth = max(10, min(50, body.width - 4))
        let filled = Int((c.fraction * Double(barWidth)).rounded())
        var bar = BodyLine("  ")
        bar.add(String(repeating: "█", count: filled), .selected)
        bar.add(String(repeating: "░", count: barWidth - filled), .dim)
        body.add(bar)
        body.addGap()
        let status: String
        if c.isFinished {
            status = c.active.continuesOnFinish ? "Time is up." : "Time is up. Press Enter to go on."
        } else if c.isPaused {
            status = "Paused. Press Space to resume."
        } else if c.startedAt == nil {
            status = "Press Enter to start."
        } else {
            status = "Press Space to pause."
        }
        body.add(BodyLine("  " + status, role: .dim))
    }
}
