import Foundation
import TUIKit

/// Reminders and study messages, newest first, with the selected message's text under the list.
/// A message shown is a message read: the first when the inbox opens, then each one moved to.
struct InboxScreen: Sendable, Equatable {
    /// What the keys do.
    enum Action: Sendable, Hashable {
        case up, down, scroll, back, quit
    }

    /// What the participant asked for.
    enum Outcome: Sendable, Equatable {
        /// Mark this message read (it is shown now).
        case markRead(String)
        /// Back to the dashboard.
        case back
        /// Leave StudyTerm.
        case quit
    }

    /// The messages, once loaded.
    var messages: [InboxMessage]?
    /// The selected message.
    var selection = 0
    /// The selected message's scroll position.
    var scroll = ScrollState()
    /// Why the inbox could not be read.
    var error: String?

    /// The keys.
    static let keys = KeyMap<Action>([
        KeyBinding([.escape, .character("b"), .character("B"), .character("q")], .back, help: "back", helpKey: "Esc"),
        KeyBinding(.up, .up, help: ""),
        KeyBinding(.down, .down, help: "choose", helpKey: "↑/↓"),
        KeyBinding([.pageDown, .pageUp, .home, .end, .character(" "), .enter], .scroll, help: "read on", helpKey: "PgDn"),
        KeyBinding(.ctrl("c"), .quit, help: "quit"),
    ])

    /// Handles a key; `textLines`/`textHeight` size the selected message's text for scrolling.
    mutating func handle(_ key: Key, textLines: Int, textHeight: Int) -> Outcome? {
        guard let action = Self.keys.action(for: key) else { return nil }
        let count = messages?.count ?? 0
        switch action {
        case .up, .down:
            let next = action == .up ? max(0, selection - 1) : min(max(0, count - 1), selection + 1)
            guard next != selection else { return nil }
            (selection, scroll) = (next, ScrollState())
            return shown()
        case .scroll: _ = scroll.apply(key == .enter ? .pageDown : key, total: textLines, height: textHeight)
        case .back: return .back
        case .quit: return .quit
        }
        return nil
    }

    /// Takes the loaded messages; the one shown first is read.
    mutating func load(_ messages: [InboxMessage]) -> Outcome? {
        self.messages = messages
        selection = min(selection, max(0, messages.count - 1))
        return shown()
    }

    /// Marks the message shown read, when it is not yet.
    private func shown() -> Outcome? {
        guard let messages, messages.indices.contains(selection), messages[selection].isUnread else { return nil }
        return .markRead(messages[selection].id)
    }

    /// Notes that a message was read (the store has it already).
    mutating func marked(_ id: String, at date: Date) {
        guard let i = messages?.firstIndex(where: { $0.id == id }) else { return }
        messages?[i].readAt = date
    }

    /// How many list rows a body of `height` shows for `count` messages.
    static func listHeight(count: Int, in height: Int) -> Int { max(1, min(count, height / 2 - 1)) }

    /// The selected message's text (title, then body) in `width` columns.
    func textLines(width: Int) -> [StyledLine] {
        guard let messages, messages.indices.contains(selection) else { return [] }
        let m = messages[selection]
        return StyledLine.wrapped(m.title, width: width, role: .title) + StyledLine.wrapped(m.body, width: width)
    }

    /// The text's visible height in a body of `size`.
    func textHeight(in size: Size) -> Int {
        max(1, size.height - Self.listHeight(count: messages?.count ?? 0, in: size.height) - 1)
    }

    /// Draws the list and the selected message; the cursor sits on the selected line.
    func render(into canvas: inout Canvas, timeZone: TimeZone, now: Date) -> CursorPosition? {
        let width = canvas.width
        if let error {
            for (i, line) in StyledLine.wrapped("! " + error, width: width, role: .error).enumerated() {
                line.draw(into: &canvas, at: Point(x: 0, y: i), width: width)
            }
            return nil
        }
        guard let messages else { canvas.put("Loading…", at: .zero, role: .dim); return nil }
        guard !messages.isEmpty else { canvas.put("No messages yet.", at: .zero, role: .dim); return nil }
        let dates = DateText(timeZone: timeZone)
        let listHeight = Self.listHeight(count: messages.count, in: canvas.height)
        let top = ScrollState.revealing(selection, from: 0, height: listHeight)
        let dateWidth = messages.map { TextWidth.width(of: dates.relative($0.createdAt, now: now)) }.max() ?? 0
        for (row, i) in messages.indices.dropFirst(top).prefix(listHeight).enumerated() {
            let m = messages[i], selected = i == selection
            let mark = m.isUnread ? "● " : "  "
            let text = mark + TextWidth.pad(dates.relative(m.createdAt, now: now), to: dateWidth + 2) + Sanitizer.sanitizeLine(m.title)
            StyledLine((selected ? "›" : " ") + text, role: selected ? .focused : (m.isUnread ? .accent : .normal))
                .draw(into: &canvas, at: Point(x: 0, y: row), width: width - 1)
        }
        if top > 0 { canvas.put("↑", at: Point(x: width - 1, y: 0), role: .dim) }
        if top + listHeight < messages.count { canvas.put("↓", at: Point(x: width - 1, y: listHeight - 1), role: .dim) }
        let textTop = listHeight + 1
        canvas.horizontalRule(at: Point(x: 0, y: textTop - 1), width: width)
        ScrollState.draw(textLines(width: width - 2), offset: scroll.offset, into: &canvas, top: textTop,
                         height: max(1, canvas.height - textTop))
        return canvas.absolute(Point(x: 0, y: selection - top))
    }
}
