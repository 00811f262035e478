import StudyCore
import TUIKit

/// Draws a timed step: outside a round, the lines under the step's text (what the keys do, the
/// practice round's end, the pause, a refusal and what follows it); during a round, the stage:
/// the task's status line and its stimulus frame, centred, with the latest caption under it.
struct TimedStepView {
    /// The step's controller.
    var controller: TimedStepController

    /// Adds the lines of the current phase to a step body.
    func add(to body: inout StepBody) {
        switch controller.phase {
        case .instructions:
            body.addWrapped(controller.timed.kind.keyInstructions)
            body.addGap()
            body.addWrapped(controller.timed.practice ? "Press Enter to start a short practice round." : "Press Enter to start.", role: .accent)
        case .practiceDone:
            body.addWrapped("Practice is over. The real round is next: \(controller.timed.kind.keyInstructions)")
            body.addGap()
            body.addWrapped("Press Enter to start.", role: .accent)
        case .paused:
            body.addWrapped("Paused. The trial under way will start again.", role: .warning)
            body.addGap()
            body.addWrapped("Press Enter to go on.", role: .accent)
        case .refused(let reason):
            body.addWrapped("! " + reason, role: .warning)
            body.addGap()
            body.addWrapped(controller.timed.untimedAlternative == nil
                ? "Press Enter to go on; the step is recorded as skipped, with this reason."
                : "Press Enter to answer the untimed version instead; this step is recorded as skipped, with this reason.",
                role: .accent)
        case .practice, .running, .finished:
            break
        }
    }

    /// Draws the stage of a running round over the whole body area (rows 1 to height - 2).
    func drawStage(_ frame: StimulusFrame, size: Size, into canvas: inout Canvas) {
        let top = 2, bottom = size.height - 2
        if let status = frame.status {
            put(Sanitizer.sanitizeLine(status), row: top, width: size.width, role: .dim, into: &canvas)
        }
        let height = frame.lines.count
        let first = max(top + 2, (top + bottom - height) / 2)
        for (i, line) in frame.lines.enumerated() where first + i < bottom {
            let runs = line.runs.map { (Sanitizer.sanitizeLine($0.text), Self.role($0.ink)) }
            let width = runs.reduce(0) { $0 + TextWidth.width(of: $1.0) }
            var x = max(0, (size.width - width) / 2)
            for (text, role) in runs {
                x += canvas.put(text, at: Point(x: x, y: first + i), role: role, maxWidth: max(0, size.width - x))
            }
        }
        if let caption = controller.caption, bottom - 1 > first + height {
            put(Sanitizer.sanitizeLine(caption), row: bottom - 1, width: size.width, role: .caption, into: &canvas)
        }
    }

    /// Puts `text` centred on `row`.
    private func put(_ text: String, row: Int, width: Int, role: StyleRole, into canvas: inout Canvas) {
        let x = max(0, (width - TextWidth.width(of: text)) / 2)
        canvas.put(text, at: Point(x: x, y: row), role: role, maxWidth: width - x)
    }

    /// The style role of an ink. Colours have no role of their own yet: they draw as accent.
    static func role(_ ink: StimulusInk) -> StyleRole {
        switch ink {
        case .plain: .normal
        case .dim: .dim
        case .strong: .title
        case .highlight: .focused
        case .colour: .accent
        }
    }
}
