import StudyCore
import TUIKit

extension TaskScreen {
    /// What a typed character must leave alone for the next frame to differ from the last in one
    /// cell: the character at the cursor, the cursor one column on.
    struct TypingBaseline {
        var path: FieldPath
        var count: Int
        var kind: TextKind
        var structure: Int
        var calculated: [String: JSONValue]
        var character: Character
    }

    /// Before `message`: the baseline when it is a printable ASCII character for the end of a
    /// single-line box of plain ASCII text, with no message or notice on the screen that typing
    /// would clear and no placeholder that the first character would replace.
    func typingBaseline(_ message: Message) -> TypingBaseline? {
        guard case .keyPressed(.character(let c)) = message, let ascii = c.asciiValue, ascii >= 0x20, ascii < 0x7F,
              overlay == nil, !isTooSmall, notice == nil, case .field(let path)? = focus, path.entry == nil,
              case .question(let q)? = controller, q.message == nil else { return nil }
        return q.reading(path) { editor -> TypingBaseline? in
            guard editor.message == nil, case .text(let b, let kind) = editor.state, !b.isMultiline, b.isPrintableASCII,
                  b.cursor == b.characters.count, !(b.isEmpty && editor.field.placeholder != nil) else { return nil }
            if case .text(let o) = editor.field.kind, o.isSecure { return nil }
            return TypingBaseline(path: path, count: b.characters.count, kind: kind, structure: q.structureRevision,
                                  calculated: q.calculated, character: c)
        } ?? nil
    }

    /// After the key: the character when it went in at the end of the box, the box did not
    /// scroll, and nothing else on the screen changed.
    func typedAtEnd(after base: TypingBaseline) -> Character? {
        guard overlay == nil, notice == nil, focus == .field(base.path), case .question(let q)? = controller, q.message == nil,
              q.structureRevision == base.structure, q.calculated == base.calculated else { return nil }
        let bodyWidth = ScreenLayout.bodyWidth(size)
        return q.reading(base.path) { editor -> Character? in
            guard editor.message == nil, case .text(let b, _) = editor.state, b.characters.count == base.count + 1,
                  b.cursor == b.characters.count,
                  b.cursor < FieldView.boxWidth(b, kind: base.kind, bodyWidth: bodyWidth, indent: 0) else { return nil }
            return base.character
        } ?? nil
    }

    /// A character typed at the end of a text box changes one cell: it is drawn where the cursor
    /// was, and the cursor moves on. Anything else redraws the screen.
    public func drawChanges(into canvas: inout Canvas, cursor: CursorPosition?) -> FrameChange {
        guard let typed = typedCharacter, let cursor else { return .redraw }
        canvas.put(String(typed), at: cursor, role: .normal)
        return .drawn(rows: cursor.y..<(cursor.y + 1), cursor: Point(x: cursor.x + 1, y: cursor.y))
    }
}
