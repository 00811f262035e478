import Foundation
import StudyCore
import TUIKit

extension JourneyLineSession {
    /// The dashboard: today's tasks, numbered, with their windows and states, and the counts; a
    /// task's number starts it (or says why it cannot start now).
    func dashboard(_ session: StudySession) -> [JourneyEvent] {
        guard let update = facts else { return [.refresh] }   // read whenever the dashboard shows
        var screen = DashboardScreen(session: session, timeZone: services.timeZone, now: update.at)
        say()
        say("\(session.definition.title): \(screen.headerDetail).")
        guard case .success(let facts) = update.result else {
            if case .failure(let failure) = update.result { say("! Your tasks cannot be read: \(failure.message)") }
            let reply = ask("Type r to try again, s for settings, or q to quit.", help: "r reads your tasks again.")
            guard case .text(let text) = reply else { return [.quit] }
            return text.lowercased() == "s" ? [.openSettings] : [.refresh]
        }
        screen.load(facts, now: update.at)
        if !session.consentIsCurrent {
            say("The study changed its consent. Type c to read it and agree again before your next task.")
        }
        if screen.agenda.isEmpty, session.awaitingTasks {
            say(DashboardScreen.fetchProblemText(session.fetchProblem ?? "it has not arrived."))
        } else if screen.agenda.isEmpty { say("No tasks to show.") } else { say("Your tasks:") }
        for (i, item) in screen.agenda.enumerated() {
            var line = "\(i + 1). \(item.task.title): \(screen.when(item)), \(screen.stateText(item).0)"
            if let minutes = item.task.estimatedMinutes { line += ", about \(JSONValue.double(minutes).displayText) min" }
            if let summary = item.task.summary { line += ". " + summary }
            say(line)
        }
        let results = facts.results
        let unread = facts.unreadCount == 0 ? "No unread messages" : "\(facts.unreadCount) unread message\(facts.unreadCount == 1 ? "" : "s")"
        say("Results stored: \(results.stored) (\(results.completed) completed), not yet sent: \(results.unsent). \(unread).")
        let keys = "Type a task's number to start it, m for messages, s for settings, r to refresh\(session.consentIsCurrent ? "" : ", c for the new consent"), q to quit."
        while true {
            guard case .text(let text) = ask(keys, help: "A task's number starts it (or resumes it). m shows your messages, s the study's settings (details, export, leaving).")
            else { return [.quit] }
            switch text.lowercased() {
            case "m": return [.openInbox]
            case "s": return [.openSettings]
            case "r", "": return [.refresh]
            case "c" where !session.consentIsCurrent: return [.reviewConsent]
            default:
                guard let n = Int(text), screen.agenda.indices.contains(n - 1) else {
                    say("Type a task's number from 1 to \(screen.agenda.count), or m, s, r or q.")
                    continue
                }
                screen.selection = n - 1
                switch screen.startSelected() {
                case .launch(let launch)?: return [.launch(launch)]
                case .explain(let text)?: say(text)
                case .reviewConsent?: return [.reviewConsent]
                default: break
                }
            }
        }
    }

    /// The inbox: messages numbered, newest first; reading one marks it read. With nothing to
    /// choose from (no messages, or they cannot be read) it says so and goes back to the tasks.
    func inboxReply() -> [JourneyEvent] {
        let dates = DateText(timeZone: services.timeZone)
        let messages: [InboxMessage]
        switch inbox {
        case .success(let read)?: messages = read
        case .failure(let failure)?:
            say("! Your messages cannot be read: \(failure.message)")
            return [.back]
        case nil: return [.openInbox]
        }
        say()
        guard !messages.isEmpty else {
            say("No messages yet.")
            return [.back]
        }
        say("Messages, newest first:")
        for (i, m) in messages.enumerated() {
            say("\(i + 1). \(m.isUnread ? "(unread) " : "")\(dates.relative(m.createdAt, now: services.now())): \(m.title)")
        }
        guard case .text(let text) = ask("Type a message's number to read it, or b to go back to your tasks.",
                                         help: "Reading a message marks it read.") else { return [.quit] }
        if text.lowercased() == "b" || text.isEmpty { return [.back] }
        guard let n = Int(text), messages.indices.contains(n - 1) else {
            say("Type a number from 1 to \(messages.count), or b.")
            return [.openInbox]
        }
        let message = messages[n - 1]
        say()
        say(message.title)
        say(message.body)
        // Read: marked read (when it was not), and the list shows again.
        return (message.isUnread ? [.messageRead(message.id)] : []) + [.openInbox]
    }
}
