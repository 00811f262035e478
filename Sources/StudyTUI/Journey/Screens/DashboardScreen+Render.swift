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

    /// The rows the task list gets in a body of `size` (PgUp and PgDn move by this much).
    func listHeight(in size: Size) -> Int {
        let top = size.height >= 12 ? 2 : 1
        let footer = footerLines(width: size.width, rows: size.height - top - min(max(1, agenda.count), 3))
        return max(1, size.height - top - footer.count)
    }

    /// Draws the body; the cursor sits on the selected task. The list keeps at least three rows (or
    /// all tasks, when fewer): on a short terminal the blank lines and the task's description go
    /// before the list or the counts lose a row.
    func render(into canvas: inout Canvas) -> CursorPosition? {
        let width = canvas.width, height = canvas.height
        let roomy = height >= 12
        // "Your tasks" heads the list once the study's tasks are here; until then, the study.
        StyledLine([StyledLine.Run(text: session.awaitingTasks ? "Your study" : "Your tasks", role: .title)]
                   + (session.consentIsCurrent ? [] : [StyledLine.Run(text: "  ! The consent changed: press C to read it and agree again", role: .warning)]))
            .draw(into: &canvas, at: .zero, width: width)
        let top = roomy ? 2 : 1
        if let error {
            StyledLine.clipped(StyledLine.wrapped("! " + error, width: width, role: .error), rows: max(0, height - top)).enumerated()
                .forEach { $1.draw(into: &canvas, at: Point(x: 0, y: top + $0), width: width) }
            return nil
        }
        guard facts != nil else {
            canvas.put("Loading…", at: Point(x: 0, y: top), role: .dim)
            return nil
        }
        if agenda.isEmpty, session.awaitingTasks {
            guard let problem = session.fetchProblem else {
                canvas.put("Fetching your study's tasks…", at: Point(x: 0, y: top), role: .dim)
                return nil
            }
            StyledLine.clipped(StyledLine.wrapped("! " + Self.fetchProblemText(problem), width: width, role: .error), rows: max(0, height - top - 1))
                .enumerated().forEach { $1.draw(into: &canvas, at: Point(x: 0, y: top + $0), width: width) }
            return nil
        }
        if agenda.isEmpty { canvas.put("No tasks to show.", at: Point(x: 0, y: top), role: .dim) }
        let footer = footerLines(width: width, rows: height - top - min(max(1, agenda.count), 3))
        let listHeight = listHeight(in: Size(width: width, height: height))
        let listTop = ScrollState.revealing(selection, from: 0, height: listHeight)
        for (n, index) in agenda.indices.dropFirst(listTop).prefix(listHeight).enumerated() {
            taskLine(agenda[index], selected: index == selection, width: width).draw(into: &canvas, at: Point(x: 0, y: top + n), width: width)
        }
        if listTop > 0 { canvas.put("↑", at: Point(x: width - 1, y: top), role: .dim) }
        if listTop + listHeight < agenda.count { canvas.put("↓", at: Point(x: width - 1, y: top + listHeight - 1), role: .dim) }
        for (i, line) in footer.enumerated() {
            line.draw(into: &canvas, at: Point(x: 0, y: height - footer.count + i), width: width)
        }
        return canvas.absolute(Point(x: 0, y: top + selection - listTop))
    }

    /// One task line: pointer, title, window, state and minutes in columns (the title cut with `…`).
    private func taskLine(_ item: AgendaItem, selected: Bool, width: Int) -> StyledLine {
        let narrow = width < 64
        let whenWidth = narrow ? 11 : 17, stateWidth = 9, minutesWidth = narrow ? 0 : 7
        let titleWidth = max(8, width - 2 - whenWidth - stateWidth - minutesWidth - 3)
        let (state, stateRole) = stateText(item)
        let minutes = item.task.estimatedMinutes.map { "\(JSONValue.double($0).displayText) min" } ?? ""
        return StyledLine([
            StyledLine.Run(text: selected ? "› " : "  ", role: selected ? .focused : .normal),
            StyledLine.Run(text: TextWidth.pad(Sanitizer.sanitizeLine(item.task.title), to: titleWidth) + " ", role: selected ? .focused : .normal),
            StyledLine.Run(text: TextWidth.pad(narrow ? when(item).replacingOccurrences(of: "from ", with: "") : when(item), to: whenWidth) + " ", role: .normal),
            StyledLine.Run(text: TextWidth.pad(state, to: stateWidth) + " ", role: stateRole),
            StyledLine.Run(text: TextWidth.pad(minutes, to: minutesWidth, alignment: .trailing), role: .dim),
        ])
    }

    /// Under the list, in at most `rows` lines: the selected task's description and a blank line
    /// when they fit, then the counts (cut to what fits, never fewer than one line).
    private func footerLines(width: Int, rows: Int) -> [StyledLine] {
        guard let facts else { return [] }
        let unread = facts.unreadCount == 0 ? "no unread messages" : "\(facts.unreadCount) unread message\(facts.unreadCount == 1 ? "" : "s") (M)"
        let results = facts.results
        var counts = StyledLine.wrapped("Results stored: \(results.stored) (\(results.completed) completed) · not yet sent: \(results.unsent) · \(unread)",
                                        width: width, role: facts.unreadCount > 0 ? .accent : .normal)
        if counts.count > max(1, rows) {
            counts = StyledLine.wrapped("Results stored: \(results.stored) · not yet sent: \(results.unsent) · \(unread)",
                                        width: width, role: facts.unreadCount > 0 ? .accent : .normal)
        }
        counts = Array(counts.prefix(max(1, rows)))
        guard agenda.indices.contains(selection) else { return counts }
        let task = agenda[selection].task
        var about = task.summary.map { $0 + " " } ?? ""
        about += "(\(task.schedule.summary)\(task.required ? "" : ", optional"))"
        let description = Array(StyledLine.wrapped(about, width: width, role: .caption).prefix(2))
        return description.count + 1 + counts.count <= rows ? description + [.blank] + counts : counts
    }
}
