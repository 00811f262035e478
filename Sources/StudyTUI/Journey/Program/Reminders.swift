import Foundation
import StudyCore

/// The inbox messages the schedule produces: a reminder per open window, and the study's messages.
/// Their identifiers are stable, so delivering them again stores nothing new.
enum Reminders {
    /// A reminder for each window open now (with an end) whose task is neither done nor under way.
    static func due(_ agenda: [AgendaItem], session: StudySession, facts: DashboardFacts, now: Date, timeZone: TimeZone) -> [InboxMessage] {
        let dates = DateText(timeZone: timeZone)
        return agenda.compactMap { item in
            guard item.state == .open, let window = item.window, let end = window.end,
                  facts.openRun(of: item.task.identifier) == nil else { return nil }
            let until = end.timeIntervalSince(window.start) >= 86_400 && dates.time(end) == "00:00" ? "today" : "until \(dates.relative(end, now: now))"
            return InboxMessage(id: "reminder:\(session.studyID):\(item.task.identifier):\(Int(window.start.timeIntervalSince1970))",
                                kind: .reminder, title: "\(item.task.title) is open \(until)",
                                body: "\(item.task.title) can be done now, \(until). Start it from the dashboard.", createdAt: now)
        }
    }

    /// The study's messages whose day has come.
    static func messages(_ messages: [StudyMessage], studyID: String, now: Date) -> [InboxMessage] {
        messages.map { InboxMessage(id: "message:\(studyID):\($0.identifier)", kind: .message, title: $0.title, body: $0.text, createdAt: now) }
    }
}
