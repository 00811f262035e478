import StudyCore
import TUIKit

/// Draws the cancel menu, the help box or a Learn more box over the screen.
struct OverlayView {
    let overlay: TaskScreen.Overlay
    let keyMap: KeyMap<TaskAction>

    func draw(into canvas: inout Canvas) -> CursorPosition? {
        var lines: [(String, StyleRole)] = []
        var title = ""
        var cursorLine: Int?
        switch overlay {
        case .cancelMenu(let at):
            title = "Leave this task?"
            for choice in TaskScreen.CancelChoice.allCases {
                let here = choice == at
                lines.append(((here ? "> " : "  ") + "\(choice.rawValue + 1) " + choice.title, here ? .focused : .normal))
                if here { cursorLine = lines.count - 1 }
            }
            lines.append(("", .normal))
            lines.append(("↑/↓ choose  Enter confirm  Esc continue", .help))
        case .help:
            title = "Keys"
            for b in keyMap.bindings where b.isEnabled && !b.helpText.isEmpty {
                lines.append((TextWidth.pad(b.helpKey, to: 14) + b.helpText, .normal))
            }
            lines.append(("", .normal))
            lines.append(("Press any key to close", .help))
        case .learnMore(let text):
            title = "Learn more"
            for l in TextWidth.wrap(Sanitizer.sanitizeParagraphs(text), width: max(10, canvas.width - 10)) { lines.append((l, .normal)) }
            lines.append(("", .normal))
            lines.append(("Press any key to close", .help))
        }
        let inner = min(canvas.width - 4, max(TextWidth.width(of: title) + 4, lines.map { TextWidth.width(of: $0.0) }.max() ?? 0) + 2)
        // A line wider than the box wraps instead of being cut ("Esc cont"): a key hint keeps each
        // key with what it does.
        var fitted: [(String, StyleRole)] = []
        for (i, l) in lines.enumerated() {
            if i == cursorLine { cursorLine = fitted.count }
            let parts = TextWidth.width(of: l.0) <= inner - 1 ? [l.0]
                : l.1 == .help ? Self.wrapHint(l.0, width: inner - 1) : TextWidth.wrap(l.0, width: max(1, inner - 1))
            for p in parts.isEmpty ? [""] : parts { fitted.append((p, l.1)) }
        }
        lines = fitted
        // Too many lines for the screen: the blank separators go first, then lines before the
        // last are cut with "…", so the closing hint ("Press any key to close") always shows.
        let room = max(1, canvas.height - 4)
        if lines.count > room {
            let kept = lines.enumerated().filter { !$0.element.0.isEmpty || $0.offset == cursorLine }
            if let c = cursorLine { cursorLine = kept.firstIndex { $0.offset == c } }
            lines = kept.map(\.element)
        }
        if lines.count > room, let last = lines.last {
            lines = Array(lines.prefix(max(0, room - 2))) + [("…", .dim), last]
            if let c = cursorLine, c >= room - 2 { cursorLine = nil }
        }
        let height = min(canvas.height - 2, lines.count + 2)
        let box = Rect(x: (canvas.width - inner - 2) / 2, y: max(1, (canvas.height - height) / 2), width: inner + 2, height: height)
        canvas.fill(box)
        canvas.drawBox(box, title: title)
        for (i, l) in lines.prefix(height - 2).enumerated() {
            canvas.put(" " + l.0, at: Point(x: box.minX + 1, y: box.minY + 1 + i), role: l.1, maxWidth: inner)
        }
        return cursorLine.map { Point(x: box.minX + 2, y: box.minY + 1 + $0) }
    }

    /// A key hint ("↑/↓ choose  Enter confirm  Esc continue") in lines of `width`, broken only
    /// between its entries (two spaces apart).
    static func wrapHint(_ hint: String, width: Int) -> [String] {
        var out: [String] = []
        var line = ""
        for entry in hint.components(separatedBy: "  ") where !entry.isEmpty {
            let joined = line.isEmpty ? entry : line + "  " + entry
            if line.isEmpty || TextWidth.width(of: joined) <= width { line = joined } else { out.append(line); line = entry }
        }
        if !line.isEmpty { out.append(line) }
        return out.flatMap { TextWidth.width(of: $0) > width ? TextWidth.wrap($0, width: max(1, width)) : [$0] }
    }
}
