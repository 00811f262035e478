import Foundation
import StudyCore
import TUIKit

extension ConsentScreen {
    /// The scrollable document: title, purpose, then the consent text; when agreeing again, first
    /// why.
    func documentLines(width: Int) -> [StyledLine] {
        var lines: [StyledLine] = []
        if case .renewing(let session) = purpose {
            lines += StyledLine.wrapped("The study changed its consent since you agreed (consent version "
                + "\(session.definition.consent.version)). Your tasks wait until you read it and agree again; "
                + "to stop taking part instead, leave the study under Settings.", width: width, role: .warning) + [.blank]
        }
        lines += StyledLine.wrapped(definition.title, width: width, role: .title)
        lines += StyledLine.wrapped(definition.purpose, width: width, role: .normal) + [.blank]
        lines += MarkdownLayout.lines(definition.consent.text, width: width)
        return lines
    }

    /// The controls under the document: notices with tick boxes, buttons, and a message line; with
    /// the lines of the focused control.
    func controlLines(width: Int) -> (lines: [StyledLine], focus: Range<Int>) {
        var lines: [StyledLine] = []
        var focusRange = 0..<1
        for (i, notice) in definition.notices.enumerated() {
            let ticked = acknowledged.contains(notice.identifier)
            let focused = focus == .notice(i)
            let start = lines.count
            let box = ticked ? "[x] " : "[ ] "
            let wrapped = TextWidth.wrap(Sanitizer.sanitizeLine(notice.text), width: max(1, width - 4))
            for (n, text) in wrapped.enumerated() {
                lines.append(StyledLine([StyledLine.Run(text: n == 0 ? box : "    ", role: focused ? .focused : (ticked ? .selected : .normal)),
                                         StyledLine.Run(text: text, role: focused ? .focused : .normal)]))
            }
            if focused { focusRange = start..<lines.count }
        }
        if focus == .agree || focus == .decline { focusRange = lines.count..<(lines.count + 1) }
        let (agree, decline) = (Self.agreeLabel, Self.declineLabel)
        let agreeRun = StyledLine.Run(text: agree, role: focus == .agree ? .buttonFocused : .button)
        let declineRun = StyledLine.Run(text: decline, role: focus == .decline ? .buttonFocused : .button)
        if Self.buttonsShareALine(width: width) {
            lines.append(StyledLine([agreeRun, StyledLine.Run(text: "  ", role: .normal), declineRun]))
        } else {                                             // too narrow for both on one line
            if focus == .decline { focusRange = (lines.count + 1)..<(lines.count + 2) }
            lines += [StyledLine([agreeRun]), StyledLine([declineRun])]
        }
        if let message = busy ?? error {
            lines += StyledLine.wrapped((busy == nil ? "! " : "") + message, width: width, role: busy == nil ? .error : .dim)
        }
        return (lines, focusRange)
    }

    /// The buttons' labels.
    static let agreeLabel = "[ I agree ]", declineLabel = "[ I do not agree ]"

    /// Whether both buttons fit on one line of `width`.
    static func buttonsShareALine(width: Int) -> Bool {
        TextWidth.width(of: agreeLabel + "  " + declineLabel) <= width
    }

    /// The column of the focused control: "I do not agree" beside "I agree" starts after it.
    func focusColumn(width: Int) -> Int {
        focus == .decline && Self.buttonsShareALine(width: width) ? TextWidth.width(of: Self.agreeLabel + "  ") : 0
    }

    /// Draws the body; the cursor sits on the focused control.
    func render(into canvas: inout Canvas) -> CursorPosition? {
        let size = Size(width: canvas.width, height: canvas.height)
        let layout = ConsentLayout(self, body: size)
        let offset = layout.offset(scroll.offset, reveal: false)
        ScrollState.draw(layout.lines, offset: offset, into: &canvas, top: 0, height: layout.height)
        let column = focusColumn(width: max(1, size.width - 2))
        guard layout.controlsFixed else {
            let row = layout.focus.lowerBound - offset
            return (0..<layout.height).contains(row) ? canvas.absolute(Point(x: column, y: row)) : nil
        }
        let top = layout.height
        let percent = layout.lines.count <= layout.height ? 100 : min(100, (offset + layout.height) * 100 / layout.lines.count)
        canvas.horizontalRule(at: Point(x: 0, y: top), width: size.width)
        canvas.put(" \(percent)% read ", at: Point(x: 2, y: top), role: .dim)
        for (i, line) in layout.controls.enumerated() { line.draw(into: &canvas, at: Point(x: 0, y: top + 1 + i), width: size.width) }
        return canvas.absolute(Point(x: column, y: top + 1 + layout.focus.lowerBound))
    }
}
