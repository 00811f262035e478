import StudyCore
import TUIKit

/// Lays out the body of the current step: title, text, detail, then the fields (question),
/// the timer (active) or a note (unknown step types).
public struct StepBodyBuilder {
    /// The step's controller.
    public var controller: AnyStepController
    /// The focused target.
    public var focus: FocusTarget?
    /// Columns available.
    public var width: Int
    /// Rows visible at once (the body scrolls beyond them).
    public var height: Int
    /// The step's ``preamble(of:width:)`` at this width, when the caller keeps it between frames.
    public var preamble: [BodyLine]?

    public init(controller: AnyStepController, focus: FocusTarget?, width: Int, height: Int = .max,
                preamble: [BodyLine]? = nil) {
        self.controller = controller
        self.focus = focus
        self.width = width
        self.height = height
        self.preamble = preamble
    }

    /// The lines above the fields or timer: `notes` (what the terminal cannot do here), then the
    /// title, text and detail wrapped to `width`, each followed by a gap. They change only with
    /// the step and the width.
    public static func preamble(of step: StepDefinition, width: Int, notes: [String] = []) -> [BodyLine] {
        var body = StepBody(width: width)
        for note in notes {
            body.addWrapped("! " + note, role: .warning)
            body.addGap()
        }
        if let title = step.title { body.addWrapped(title, role: .title) }
        body.addGap()
        body.addWrapped(step.text)
        body.addGap()
        body.addWrapped(step.detail, role: .dim)
        body.addGap()
        return body.lines
    }

    /// The body.
    public func build() -> StepBody {
        var body = StepBody(width: width)
        let (title, footnote) = controller.readingStep { ($0.title, $0.footnote) }
        body.lines = preamble ?? controller.readingStep { Self.preamble(of: $0, width: width) }
        switch controller {
        case .text:
            break
        case .question(let q):
            for i in q.visibleFields {
                FieldView(editor: q.editors[i], path: FieldPath(field: i), focus: focus,
                          showsPrompt: q.visibleFields.count > 1 || title == nil || q.editors[i].field.prompt != title)
                    .add(to: &body)
                body.addGap()
            }
        case .active(let a):
            TimerView(controller: a, bigDigits: height >= 16 && width >= 30).add(to: &body)
        case .timed(let t):
            TimedStepView(controller: t).add(to: &body)
        }
        body.addWrapped(footnote, role: .dim)
        while body.lines.last?.spans.isEmpty == true { body.lines.removeLast() }
        return body
    }
}
