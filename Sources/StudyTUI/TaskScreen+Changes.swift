import StudyCore
import TUIKit

/// What one update changed on the screen, when that is small enough to draw by itself on the
/// last frame (see ``TaskScreen/changedRows(cursor:)``).
enum ScreenChange: Sendable, Equatable {
    /// A character went in at the end of a text box, which did not scroll: one cell.
    case typed(Character)
    /// A list's highlight moved `by` one row within the rows shown: the row it left and the row
    /// it reached, laid out anew.
    case highlightMoved(left: BodyLine, reached: BodyLine, by: Int)
}

extension TaskScreen {
    /// What a key must leave alone for its change to be drawn by itself.
    struct ChangeBaseline {
        enum Kind {
            case typing(count: Int, kind: TextKind, character: Character)
            case list(highlight: Int, selected: Set<Int>, rows: Int, windowStart: Int)
        }
        var path: FieldPath
        var structure: Int
        var calculated: [String: JSONValue]
        var scroll: Int
        var help: String
        var kind: Kind
    }

    /// Before `message`: the baseline when it is a printable ASCII character for the end of a
    /// single-line box of plain ASCII text (no placeholder for it to replace), or Up or Down in a
    /// plain list, and no message or notice is on the screen that the key could clear.
    func changeBaseline(_ message: Message) -> ChangeBaseline? {
        guard case .keyPressed(let key) = message, overlay == nil, !isTooSmall, notice == nil,
              case .field(let path)? = focus, path.levels.isEmpty, case .question(let q)? = controller, q.message == nil else { return nil }
        let kind = q.reading(path) { editor -> ChangeBaseline.Kind? in
            guard editor.message == nil else { return nil }
            switch (key, editor.state) {
            case (.character(let c), .text(let b, let kind)):
                guard let ascii = c.asciiValue, ascii >= 0x20, ascii < 0x7F, !b.isMultiline, b.isPrintableASCII,
                      b.cursor == b.characters.count, !(b.isEmpty && editor.field.placeholder != nil) else { return nil }
                if case .text(let o) = editor.field.kind, o.isSecure { return nil }
                return .typing(count: b.characters.count, kind: kind, character: c)
            case (.up, .choice(let c)), (.down, .choice(let c)):
                guard c.isCollapsed == nil, c.filter.isEmpty, !c.isEditingOther else { return nil }
                return .list(highlight: c.highlight, selected: c.selected, rows: c.visibleRows.count, windowStart: ChoiceView.window(c).start)
            default:
                return nil
            }
        } ?? nil
        return kind.map { ChangeBaseline(path: path, structure: q.structureRevision, calculated: q.calculated, scroll: scroll,
                                         help: keys.help, kind: $0) }
    }

    /// After the key: its change, when it is the one the baseline allows and nothing else on the
    /// screen changed.
    func change(after base: ChangeBaseline) -> ScreenChange? {
        guard overlay == nil, notice == nil, focus == .field(base.path), scroll == base.scroll, keys.help == base.help,
              case .question(let q)? = controller, q.message == nil, q.structureRevision == base.structure,
              q.calculated == base.calculated else { return nil }
        let bodyWidth = ScreenLayout.bodyWidth(size)
        return q.reading(base.path) { editor -> ScreenChange? in
            guard editor.message == nil else { return nil }
            switch (base.kind, editor.state) {
            case (.typing(let count, let kind, let character), .text(let b, _)):
                guard b.characters.count == count + 1, b.cursor == b.characters.count,
                      b.cursor < FieldView.boxWidth(b, kind: kind, bodyWidth: bodyWidth, indent: 0) else { return nil }
                return .typed(character)
            case (.list(let highlight, let selected, let rows, let windowStart), .choice(let c)):
                guard c.filter.isEmpty, !c.isEditingOther, c.selected == selected, c.visibleRows.count == rows,
                      abs(c.highlight - highlight) == 1, ChoiceView.window(c).start == windowStart else { return nil }
                let view = ChoiceView(list: c, field: FieldView(editor: editor, path: base.path, focus: focus))
                return .highlightMoved(left: view.row(highlight, width: bodyWidth), reached: view.row(c.highlight, width: bodyWidth),
                                       by: c.highlight - highlight)
            default:
                return nil
            }
        } ?? nil
    }

    /// The rows the last update changed: the typed character's, or the two list rows (when the
    /// one the highlight reached is shown without scrolling the body). Nil after anything else.
    public func changedRows(cursor: CursorPosition?) -> Range<Int>? {
        guard let change = lastChange, let cursor else { return nil }
        switch change {
        case .typed:
            return cursor.y..<(cursor.y + 1)
        case .highlightMoved(_, _, let by):
            let row = cursor.y + by
            guard row >= ScreenLayout.bodyOrigin.y, row < ScreenLayout.bodyOrigin.y + bodyHeight else { return nil }
            return min(cursor.y, row)..<(max(cursor.y, row) + 1)
        }
    }

    /// Draws the last update's change onto the last frame: a typed character where the cursor
    /// was, the cursor one column on; or the two list rows, the cursor on the one reached.
    public func drawChanges(into canvas: inout Canvas, cursor: CursorPosition?) -> CursorPosition? {
        guard let change = lastChange, let cursor else { return cursor }
        switch change {
        case .typed(let c):
            canvas.put(String(c), at: cursor, role: .normal)
            return Point(x: cursor.x + 1, y: cursor.y)
        case .highlightMoved(let left, let reached, let by):
            draw(left, row: cursor.y, left: ScreenLayout.bodyOrigin.x, into: &canvas)
            draw(reached, row: cursor.y + by, left: ScreenLayout.bodyOrigin.x, into: &canvas)
            return Point(x: cursor.x, y: cursor.y + by)
        }
    }
}
