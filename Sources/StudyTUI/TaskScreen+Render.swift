import StudyCore
import TUIKit

extension TaskScreen {
    /// Rows the body shows at the current size.
    var bodyHeight: Int { max(1, size.height - 5) }

    /// Draws the whole screen; the cursor goes on the focused field or button.
    public func render(into canvas: inout Canvas) -> CursorPosition? {
        if isTooSmall { return renderTooSmall(into: &canvas) }
        if overlay == nil, case .timed(let t)? = controller, let frame = t.frame {
            drawHeader(into: &canvas)
            TimedStepView(controller: t).drawStage(frame, size: size, into: &canvas)
            canvas.put(Self.timedHelp, at: Point(x: 1, y: size.height - 1), role: .help)
            return nil
        }
        let layout = ScreenLayout(screen: self)
        drawHeader(into: &canvas)
        var cursor = drawBody(layout, into: &canvas)
        drawMessage(layout, into: &canvas)
        for frame in layout.buttons {
            let focused = focus == .button(frame.type)
            canvas.put(frame.label, at: Point(x: frame.x, y: layout.buttonRow), role: focused ? .buttonFocused : .button)
            if focused { cursor = Point(x: frame.x + 2, y: layout.buttonRow) }
        }
        canvas.put(keys.help, at: Point(x: 1, y: layout.helpRow), role: .help)
        if let overlay { return OverlayView(overlay: overlay, keyMap: keyMap).draw(into: &canvas) }
        return cursor
    }

    func drawHeader(into canvas: inout Canvas) {
        let rightWidth = header.progressWidth
        canvas.fill(Rect(x: 0, y: 0, width: size.width, height: 1), role: .header)
        canvas.put(header.shownTitle, at: .zero, role: .header, maxWidth: max(0, size.width - rightWidth - 1))
        canvas.put(header.progress, at: Point(x: size.width - rightWidth - 1, y: 0), role: .header)
    }

    private func drawBody(_ layout: ScreenLayout, into canvas: inout Canvas) -> CursorPosition? {
        let lines = layout.body.lines
        for row in 0..<layout.bodyHeight {
            let index = layout.scroll + row
            guard lines.indices.contains(index) else { break }
            draw(lines[index], row: layout.bodyTop + row, left: layout.bodyLeft, into: &canvas)
        }
        if layout.scroll > 0 { canvas.put("↑", at: Point(x: size.width - 1, y: layout.bodyTop), role: .dim) }
        if layout.scroll + layout.bodyHeight < lines.count {
            canvas.put("↓", at: Point(x: size.width - 1, y: layout.bodyTop + layout.bodyHeight - 1), role: .dim)
        }
        guard case .field? = focus, let c = layout.body.cursor, c.line >= layout.scroll,
            c.line < layout.scroll + layout.bodyHeight else { return nil }
        return Point(x: layout.bodyLeft + c.column, y: layout.bodyTop + c.line - layout.scroll)
    }

    /// Draws a body line on screen row `row` from column `left`, clipped two columns short of the
    /// right edge (the scroll marks' column).
    func draw(_ line: BodyLine, row: Int, left: Int, into canvas: inout Canvas) {
        var x = left
        let limit = size.width - 2
        for span in line.spans {
            x += canvas.put(span.text, at: Point(x: x, y: row), role: span.role, maxWidth: limit - x)
        }
        // A line cut at the edge ends with an ellipsis, so it reads as cut, not as complete.
        if line.width > limit - left, limit > left {
            canvas.put("…", at: Point(x: limit - 1, y: row), role: .dim, maxWidth: 1)
        }
    }

    private func drawMessage(_ layout: ScreenLayout, into canvas: inout Canvas) {
        let at = Point(x: 2, y: layout.messageRow)
        let width = size.width - 4
        if let notice {
            canvas.put("! " + notice, at: at, role: .error, maxWidth: width)
        } else if case .question(let q)? = controller, let m = q.message {
            // Said once: the message line repeats the field's message only when the field's own
            // is not in view.
            let text = "! " + Sanitizer.sanitizeLine(m.text)
            if !layout.showsMessage(text) { canvas.put(text, at: at, role: .error, maxWidth: width) }
        }
    }

    private func renderTooSmall(into canvas: inout Canvas) -> CursorPosition? {
        let lines = ["Please enlarge the terminal", "(at least \(Self.minimumSize.width)x\(Self.minimumSize.height);",
                     "now \(size.width)x\(size.height))"]
        let top = max(0, size.height / 2 - 1)
        for (i, l) in lines.enumerated() where top + i < size.height {
            let x = max(0, (size.width - TextWidth.width(of: l)) / 2)
            canvas.put(l, at: Point(x: x, y: top + i), role: i == 0 ? .warning : .normal)
        }
        return nil
    }
}
