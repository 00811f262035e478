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

    /// The fixed part under the document: notices with tick boxes, buttons, and a message line.
    func controlLines(width: Int) -> (lines: [StyledLine], focusRow: Int) {
        var lines: [StyledLine] = []
        var focusRow = 0
        for (i, notice) in definition.notices.enumerated() {
            let ticked = acknowledged.contains(notice.identifier)
            let focused = focus == .notice(i)
            if focused { focusRow = lines.count }
            let box = ticked ? "[x] " : "[ ] "
            let wrapped = TextWidth.wrap(Sanitizer.sanitizeLine(notice.text), width: max(1, width - 4))
            for (n, text) in wrapped.enumerated() {
                lines.append(StyledLine([StyledLine.Run(text: n == 0 ? box : "    ", role: focused ? .focused : (ticked ? .selected : .normal)),
                                         StyledLine.Run(text: text, role: focused ? .focused : .normal)]))
            }
        }
        if focus == .agree || focus == .decline { focusRow = lines.count }
        lines.append(StyledLine([StyledLine.Run(text: "[ I agree ]", role: focus == .agree ? .buttonFocused : .button),
                                 StyledLine.Run(text: "  ", role: .normal),
                                 StyledLine.Run(text: "[ I do not agree ]", role: focus == .decline ? .buttonFocused : .button)]))
        if let message = busy ?? error {
            lines += StyledLine.wrapped((busy == nil ? "! " : "") + message, width: width, role: busy == nil ? .error : .dim)
        }
        return (lines, focusRow)
    }

    /// The document's visible height in a body region of `size`.
    func documentHeight(in size: Size) -> Int {
        max(1, size.height - controlLines(width: size.width).lines.count - 1)
    }

    /// Draws the body; the cursor sits on the focused control.
    func render(into canvas: inout Canvas) -> CursorPosition? {
        let size = Size(width: canvas.width, height: canvas.height)
        let document = documentLines(width: size.width - 2)
        let height = documentHeight(in: size)
        ScrollState.draw(document, offset: scroll.offset, into: &canvas, top: 0, height: height)
        let (controls, focusRow) = controlLines(width: size.width)
        let top = height
        let shown = ScrollState.clamped(scroll.offset, total: document.count, height: height)
        let percent = document.count <= height ? 100 : min(100, (shown + height) * 100 / document.count)
        canvas.horizontalRule(at: Point(x: 0, y: top), width: size.width)
        canvas.put(" \(percent)% read ", at: Point(x: 2, y: top), role: .dim)
        for (i, line) in controls.enumerated() { line.draw(into: &canvas, at: Point(x: 0, y: top + 1 + i), width: size.width) }
        return canvas.absolute(Point(x: 0, y: top + 1 + focusRow))
    }
}
