import Foundation
import TUIKit

/// Reminders and study messages, newest first; Enter marks the selected one read.
struct InboxScreen: Sendable, Equatable {
    /// What the keys do.
    enum Action: Sendable, Hashable {
        case up, down, read, back, quit
    }

    /// What the participant asked for.
    enum Outcome: Sendable, Equatable {
        /// Mark this message read.
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
    /// Why the inbox could not be read.
    var error: String?

    /// The keys.
    static let keys = KeyMap<Action>([
        KeyBinding(.up, .up, help: ""),
        KeyBinding(.down, .down, help: "choose", helpKey: "↑/↓"),
        KeyBinding([.enter, .character(" ")], .read, help: "mark read", helpKey: "Enter"),
        KeyBinding([.escape, .character("b"), .character("B"), .character("q")], .back, help: "back", helpKey: "Esc"),
        KeyBinding(.ctrl("c"), .quit, help: "quit"),
    ])

    /// Handles a key; returns what the participant asked for, if anything.
    mutating func handle(_ key: Key) -> Outcome? {
        guard let action = Self.keys.action(for: key) else { return nil }
        let count = messages?.count ?? 0
        switch action {
        case .up: selection = max(0, selection - 1)
        case .down: selection = min(max(0, count - 1), selection + 1)
        case .read:
            guard let messages, messages.indices.contains(selection), messages[selection].isUnread else { return nil }
            return .markRead(messages[selection].id)
        case .back: return .back
        case .quit: return .quit
        }
        return nil
    }

    /// Notes that a message was read (the store has it already).
    mutating func marked(_ id: String, at date: Date) {
        guard let i = messages?.firstIndex(where: { $0.id == id }) else { return }
        messages?[i].readAt = date
    }

    /// Draws the list and the selected message; the cursor sits on the selected line.
    func render(into canvas: inout Canvas, timeZone: TimeZone, now: Date) -> CursorPosition? {
        let width = canvas.width
        if let error { canvas.put("! " + error, at: .zero, role: .error, maxWidth: width); return nil }
        guard let messages else { canvas.put("Loading…", at: .zero, role: .dim); return nil }
        guard !messages.isEmpty else { canvas.put("No messages yet.", at: .zero, role: .dim); return nil }
        let dates = DateText(timeZone: timeZone)
        let listHeight = max(1, min(messages.count, canvas.height / 2 - 1))
        let top = ScrollState.revealing(selection, from: 0, height: listHeight)
        let dateWidth = messages.map { TextWidth.width(of: dates.relative($0.createdAt, now: now)) }.max() ?? 0
        for (row, i) in messages.indices.dropFirst(top).prefix(listHeight).enumerated() {
            let m = messages[i], selected = i == selection
            let mark = m.isUnread ? "● " : "  "
            let text = mark + TextWidth.pad(dates.relative(m.createdAt, now: now), to: dateWidth + 2) + Sanitizer.sanitizeLine(m.title)
            canvas.put((selected ? "›" : " ") + text, at: Point(x: 0, y: row),
                       role: selected ? .focused : (m.isUnread ? .accent : .normal), maxWidth: width)
        }
        let bodyTop = listHeight + 1
        canvas.horizontalRule(at: Point(x: 0, y: bodyTop - 1), width: width)
        let selected = messages[min(selection, messages.count - 1)]
        let lines = StyledLine.wrapped(selected.title, width: width, role: .title) + StyledLine.wrapped(selected.body, width: width)
        ScrollState.draw(lines, offset: 0, into: &canvas, top: bodyTop, height: max(1, canvas.height - bodyTop))
        return canvas.absolute(Point(x: 0, y: selection - top))
    }
}
