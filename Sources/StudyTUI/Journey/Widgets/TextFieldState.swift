import Foundation
import TUIKit

/// A one-line text field: the text, the cursor, and the keys that edit them.
struct TextFieldState: Sendable, Equatable {
    /// The text typed so far.
    var text: String
    /// The cursor, as a character offset into `text`.
    var cursor: Int
    /// At most this many characters are kept.
    var limit: Int

    /// A field holding `text`, cursor at the end.
    init(_ text: String = "", limit: Int = 512) {
        self.text = text
        self.cursor = text.count
        self.limit = limit
    }

    /// Applies an editing key; returns false for keys a field does not use.
    mutating func apply(_ key: Key) -> Bool {
        switch key {
        case .character(let c):
            guard !c.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }), text.count < limit else { return true }
            text.insert(c, at: index(cursor))
            cursor += 1
        case .backspace:
            guard cursor > 0 else { return true }
            text.remove(at: index(cursor - 1))
            cursor -= 1
        case .delete:
            guard cursor < text.count else { return true }
            text.remove(at: index(cursor))
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(text.count, cursor + 1)
        case .home, .ctrl("a"): cursor = 0
        case .end, .ctrl("e"): cursor = text.count
        case .ctrl("u"): (text, cursor) = ("", 0)
        default: return false
        }
        return true
    }

    /// Draws the field in `width` columns at `point`, scrolled so the cursor shows.
    ///
    /// - Returns: the cursor's absolute position when `focused`.
    func render(into canvas: inout Canvas, at point: Point, width: Int, focused: Bool, placeholder: String = "") -> CursorPosition? {
        guard width > 2 else { return nil }
        let inner = width - 2
        let shown = Array(Sanitizer.sanitizeLine(text))
        let start = max(0, min(cursor, shown.count) - inner + 1)
        let visible = String(shown.dropFirst(start).prefix(inner))
        let role: StyleRole = focused ? .focused : .accent
        canvas.put("[", at: point, role: .dim)
        canvas.put(TextWidth.spaces(inner), at: point.offset(dx: 1), role: role)
        if visible.isEmpty, !placeholder.isEmpty, !focused {
            canvas.put(placeholder, at: point.offset(dx: 1), role: .dim, maxWidth: inner)
        } else {
            canvas.put(visible, at: point.offset(dx: 1), role: role, maxWidth: inner)
        }
        canvas.put("]", at: point.offset(dx: width - 1), role: .dim)
        let before = String(shown.dropFirst(start).prefix(max(0, min(cursor, shown.count) - start)))
        return focused ? canvas.absolute(point.offset(dx: 1 + min(inner - 1, TextWidth.width(of: before)))) : nil
    }

    /// The rows the text takes when it is wrapped into `width` columns between brackets, so none of
    /// it is hidden (a long folder path): at least one, and room for the cursor after the last character.
    func wrappedRows(width: Int) -> [String] {
        let inner = max(1, width - 2)
        let shown = Array(Sanitizer.sanitizeLine(text))
        var rows: [String] = []
        var start = 0
        repeat {
            rows.append(String(shown[start..<min(shown.count, start + inner)]))
            start += inner
        } while start <= shown.count && !(start == shown.count && shown.count % inner != 0)
        return rows
    }

    /// Draws the text wrapped over as many rows as it needs (``wrappedRows(width:)``) from `point`;
    /// returns the cursor's absolute position.
    func renderWrapped(into canvas: inout Canvas, at point: Point, width: Int) -> CursorPosition? {
        guard width > 2 else { return nil }
        let inner = width - 2
        let rows = wrappedRows(width: width)
        for (i, row) in rows.enumerated() {
            let at = point.offset(dy: i)
            canvas.put(i == 0 ? "[" : " ", at: at, role: .dim)
            canvas.put(TextWidth.pad(row, to: inner), at: at.offset(dx: 1), role: .focused)
            if i == rows.count - 1 { canvas.put("]", at: at.offset(dx: width - 1), role: .dim) }
        }
        let before = min(cursor, text.count)
        return canvas.absolute(point.offset(dx: 1 + before % inner, dy: before / inner))
    }

    /// The string index of character offset `offset`.
    private func index(_ offset: Int) -> String.Index {
        text.index(text.startIndex, offsetBy: min(max(0, offset), text.count))
    }
}
