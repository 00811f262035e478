import Foundation
import StudyCore
import TUIKit

extension DashboardScreen {
    /// `Day 3 · Sat 21 Nov` for the header.
    var headerDetail: String {
        let day = Self.expander(for: session, timeZone: timeZone).studyDay(of: now)
        return "Day \(day) · \(DateText(timeZone: timeZone).day(now))"
    }

    /// When an agenda line's window is, in a few words.
    func when(_ item: AgendaItem) -> String {
        let dates = DateText(timeZone: timeZone)
        guard let window = item.window else { return "–" }
        guard item.isToday else { return dates.dayAndTime(window.start) }
        guard let end = window.end else {
            return dates.sameDay(window.start, now) && dates.time(window.start) != "00:00" ? "from \(dates.time(window.start))" : "any time"
        }
        if end.timeIntervalSince(window.start) >= 86_400, dates.time(window.start) == "00:00" { return "all day" }
        return "\(dates.time(window.start))–\(dates.time(end))"
    }

    /// The state column: `resume` for a task with an unfinished run.
    func stateText(_ item: AgendaItem) -> (String, StyleRole) {
        if facts?.openRun(of: item.task.identifier) != nil { return ("resume", .accent) }
        switch item.state {
        case .open: return (item.state.label, .selected)
        case .missed: return (item.state.label, .warning)
        case .done, .ended: return (item.state.label, .dim)
        case .upcoming: return (item.state.label, .normal)
        }
    }

    /// Draws the body; the cursor sits on the selected task.
    func render(into canvas: inout Canvas) -> CursorPosition? {
        let width = canvas.width
        canvas.put("Your tasks", at: .zero, role: .title)
        if !session.consentIsCurrent {
            canvas.put("  ! The consent changed: press C to read it and agree again", at: Point(x: 10, y: 0), role: .warning)
        }
        if let error {
            StyledLine.wrapped("! " + error, width: width, role: .error).enumerated().forEach { $1.draw(into: &canvas, at: Point(x: 0, y: 2 + $0), width: width) }
            return nil
        }
        guard facts != nil else {
            canvas.put("Loading…", at: Point(x: 0, y: 2), role: .dim)
            return nil
        }
        if agenda.isEmpty { canvas.put("No tasks to show.", at: Point(x: 0, y: 2), role: .dim) }
        let footer = footerLines(width: width)
        let listHeight = max(1, canvas.height - 3 - footer.count)
        let top = ScrollState.revealing(selection, from: 0, height: listHeight)
        let narrow = width < 64
        let whenWidth = narrow ? 11 : 17, stateWidth = 9, minutesWidth = narrow ? 0 : 7
        let titleWidth = max(8, width - 2 - whenWidth - stateWidth - minutesWidth - 3)
        for (row, index) in agenda.indices.dropFirst(top).prefix(listHeight).enumerated() {
            let item = agenda[index]
            let selected = index == selection
            let (state, stateRole) = stateText(item)
            let minutes = item.task.estimatedMinutes.map { "\(JSONValue.double($0).displayText) min" } ?? ""
            let line = StyledLine([
                StyledLine.Run(text: selected ? "› " : "  ", role: selected ? .focused : .normal),
                StyledLine.Run(text: TextWidth.pad(Sanitizer.sanitizeLine(item.task.title), to: titleWidth) + " ", role: selected ? .focused : .normal),
                StyledLine.Run(text: TextWidth.pad(narrow ? when(item).replacingOccurrences(of: "from ", with: "") : when(item), to: whenWidth) + " ", role: .normal),
                StyledLine.Run(text: TextWidth.pad(state, to: stateWidth) + " ", role: stateRole),
                StyledLine.Run(text: TextWidth.pad(minutes, to: minutesWidth, alignment: .trailing), role: .dim),
            ])
            line.draw(into: &canvas, at: Point(x: 0, y: 2 + row), width: width)
        }
        if top > 0 { canvas.put("↑", at: Point(x: width - 1, y: 2), role: .dim) }
        if top + listHeight < agenda.count { canvas.put("↓", at: Point(x: width - 1, y: 1 + listHeight), role: .dim) }
        for (i, line) in footer.enumerated() {
            line.draw(into: &canvas, at: Point(x: 0, y: canvas.height - footer.count + i), width: width)
        }
        return canvas.absolute(Point(x: 0, y: 2 + selection - top))
    }

    /// Under the list: the selected task's description, a blank line, and the counts.
    private func footerLines(width: Int) -> [StyledLine] {
        var lines: [StyledLine] = []
        if agenda.indices.contains(selection) {
            let task = agenda[selection].task
            var about = task.summary.map { $0 + " " } ?? ""
            about += "(\(task.schedule.summary)\(task.required ? "" : ", optional"))"
            lines += StyledLine.wrapped(about, width: width, role: .caption).prefix(2)
        }
        guard let facts else { return lines }
        let unread = facts.unreadCount == 0 ? "no unread messages" : "\(facts.unreadCount) unread message\(facts.unreadCount == 1 ? "" : "s") (M)"
        let results = facts.results
        let counts = "Results stored: \(results.stored) (\(results.completed) completed) · not yet sent: \(results.unsent) · \(unread)"
        return lines + [.blank] + StyledLine.wrapped(counts, width: width, role: facts.unreadCount > 0 ? .accent : .normal)
    }
}
