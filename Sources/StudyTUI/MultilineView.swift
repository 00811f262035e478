import StudyCore
import TUIKit

/// Draws multi-line text in a box of several rows, wrapped by characters, with the cursor.
struct MultilineView {
    let buffer: TextBuffer
    let field: FieldView

    func add(to body: inout StepBody, width: Int) {
        var rows: [[Character]] = [[]]
        var cursor = (row: 0, column: 0)
        var col = 0
        for (i, c) in buffer.characters.enumerated() {
            if i == buffer.cursor { cursor = (rows.count - 1, col) }
            if c == "\n" {
                rows.append([])
                col = 0
                continue
            }
            let shown = Sanitizer.sanitizeCharacter(c)
            let w = TextWidth.width(of: shown)
            if col + w > width - 1 {
                rows.append([])
                col = 0
            }
            rows[rows.count - 1].append(shown)
            col += w
        }
        if buffer.cursor >= buffer.characters.count { cursor = (rows.count - 1, col) }
        let shownRows = max(3, min(6, rows.count + 1))
        let first = max(0, min(cursor.row - shownRows + 1, rows.count - shownRows))
        for r in first..<(first + shownRows) {
            var line = field.tagged(BodyLine(field.pad))
            line.add("[", field.boxRole)
            if buffer.isEmpty, r == 0, let p = field.editor.field.placeholder {
                line.add(TextWidth.pad(Sanitizer.sanitizeLine(p), to: width), .dim)
            } else {
                line.add(TextWidth.pad(r < rows.count ? String(rows[r]) : "", to: width))
            }
            line.add("]", field.boxRole)
            if field.isFocused, r == cursor.row { body.setCursorOnNextLine(column: field.indent + 1 + cursor.column) }
            body.add(line)
        }
        if field.isFocused { field.addWrapped("Enter starts a new line; Tab leaves the box", role: .dim, to: &body) }
    }
}
