import StudyCore
import TUIKit

/// Draws a radio list, check list or picker: a filter line for long lists, a window of rows
/// around the highlight, markers that carry the meaning without colour.
struct ChoiceView {
    let list: ChoiceList
    let field: FieldView

    /// Rows shown at once in long lists and open pickers; the window turns a page at a time,
    /// so a move inside it repaints only the two rows that changed.
    static let windowRows = 10

    func add(to body: inout StepBody) {
        let c = list
        let pad = field.pad
        if c.isCollapsed == true {
            var line = field.tagged(BodyLine(pad))
            let chosen = c.selected.min().map { Sanitizer.sanitizeLine(c.label($0)) }
            line.add("[ " + (chosen ?? "choose…") + " ▾ ]", field.isFocused ? .focused : (chosen == nil ? .dim : .selected))
            let hint = field.isFocused ? (chosen == nil ? "Enter opens, ←/→ change" : "Space opens, ←/→ change") : nil
            // Beside the box when it fits, else whole on the line below (never cut at the edge).
            let hintFits = hint.map { line.width + 2 + TextWidth.width(of: $0) <= body.width } ?? true
            if let hint, hintFits { line.add("  " + hint, .dim) }
            if field.isFocused { body.setCursorOnNextLine(column: field.indent + 2) }
            body.add(line)
            if let hint, !hintFits { body.add(field.tagged(BodyLine(pad + "  " + hint, role: .dim))) }
            return
        }
        let rows = c.visibleRows
        let filters = Self.hasFilter(c)
        if filters {
            var line = field.tagged(BodyLine(pad + "Filter: "))
            line.add(c.filter, .accent)
            if c.filter.isEmpty { line.add("type to narrow the list", .dim) }
            if field.isFocused, !c.isEditingOther, !c.filter.isEmpty {
                body.setCursorOnNextLine(column: field.indent + 8 + TextWidth.width(of: c.filter))
            }
            body.add(line)
        }
        let (start, end) = Self.window(c)
        if start > 0 { body.add(field.tagged(BodyLine(pad + "  ↑ \(start) more", role: .dim))) }
        for r in start..<end { addRow(r, index: rows[r], numbered: !filters, to: &body) }
        if end < rows.count { body.add(field.tagged(BodyLine(pad + "  ↓ \(rows.count - end) more", role: .dim))) }
        if rows.isEmpty || (rows == [c.otherIndex] && !c.filter.isEmpty) {
            body.add(field.tagged(BodyLine(pad + "  No option matches \"\(Sanitizer.sanitizeLine(c.filter))\".", role: .dim)))
        }
        if c.isCollapsed == false, field.isFocused {
            field.addWrapped("↑/↓ or type to find an option, then Enter", role: .dim, to: &body)
        }
    }

    /// True when the list shows a filter line and a window of rows (long lists, open pickers);
    /// short lists show every row, numbered.
    static func hasFilter(_ c: ChoiceList) -> Bool { c.isFilterable || c.isCollapsed != nil }

    /// The rows shown, `start..<end` of `visibleRows`: all of them, or for a long list the
    /// window of ``windowRows`` holding the highlight.
    static func window(_ c: ChoiceList) -> (start: Int, end: Int) {
        let count = c.visibleRows.count
        let window = hasFilter(c) ? windowRows : max(count, 1)
        let start = max(0, min((c.highlight / window) * window, count - window))
        return (start, min(count, start + window))
    }

    /// Row `r` of `visibleRows` alone, as ``add(to:)`` lays it out in a body `width` columns wide.
    func row(_ r: Int, width: Int) -> BodyLine {
        var body = StepBody(width: width)
        addRow(r, index: list.visibleRows[r], numbered: !Self.hasFilter(list), to: &body)
        return body.lines[0]
    }

    private func addRow(_ r: Int, index: Int, numbered: Bool, to body: inout StepBody) {
        let c = list
        let selected = c.selected.contains(index)
        let highlighted = field.isFocused && c.highlight == r
        let marker = c.allowsMultiple ? (selected ? "[x]" : "[ ]") : (selected ? "(•)" : "( )")
        var line = field.tagged(BodyLine(field.pad), row: r)
        line.add(highlighted ? "›" : " ", highlighted ? .focused : .normal)
        if numbered, r < 9 { line.add("\(r + 1) ", .dim) } else { line.add("  ") }   // blank: no attribute change to send
        let role: StyleRole = highlighted ? .focused : (selected ? .selected : .normal)
        line.add(marker + " " + Sanitizer.sanitizeLine(c.label(index)), role)
        if index == c.otherIndex, selected || !c.otherText.isEmpty {
            line.add(": [")
            // A box that fits the line and scrolls with the cursor, which stays inside it.
            let shown = c.otherText.characters.map(Sanitizer.sanitizeCharacter)
            let room = body.width - line.width - 1
            let width = max(4, min(30, room, max(12, TextWidth.width(of: TextBuffer.joined(shown[...])) + 1)))
            let (visible, offset) = FieldView.window(shown, cursor: c.otherText.cursor, width: width)
            let before = line.width
            line.add(TextWidth.pad(visible, to: width), c.isEditingOther && field.isFocused ? .focused : .normal)
            line.add("]")
            if highlighted, c.isEditingOther { body.setCursorOnNextLine(column: before + offset) }
        } else if let detail = index < c.choices.count ? c.choices[index].detail : nil {
            line.add("  " + Sanitizer.sanitizeLine(detail), .dim)
        }
        if highlighted, !c.isEditingOther, c.filter.isEmpty { body.setCursorOnNextLine(column: field.indent + 4) }
        body.add(line)
    }
}
