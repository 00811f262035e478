import Foundation
import StudyCore
import TUIKit

extension JourneyLineSession {
    /// The dashboard: today's tasks, numbered, with their windows and states, and the counts; a
    /// task's number starts it (or says why it cannot start now).
    mutating func dashboard(_ session: StudySession) -> Place {
        var session = session
        if session.awaitingTasks {
            // The study's tasks have not arrived since joining: asked for again each time the dashboard shows.
            let waiting = session, services = services
            do { session = try waitForWork { try await services.reload(waiting) } } catch { session.fetchProblem = JourneyFailure(error).message }
        }
        let update = services.readFacts(for: session, known: offeredToInbox, fromClock: false)
        offeredToInbox.formUnion(update.offered)
        var screen = DashboardScreen(session: session, timeZone: services.timeZone, now: update.at)
        say()
        say("\(session.definition.title): \(screen.headerDetail).")
        guard case .success(let facts) = update.result else {
            if case .failure(let failure) = update.result { say("! Your tasks cannot be read: \(failure.message)") }
            let reply = ask("Type r to try again, s for settings, or q to quit.", help: "r reads your tasks again.")
            guard case .text(let text) = reply else { return .done(.quit) }
            return text.lowercased() == "s" ? .settings(session) : .dashboard(session)
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
            else { return .done(.quit) }
            switch text.lowercased() {
            case "m": return .inbox(session)
            case "s": return .settings(session)
            case "r", "": return .dashboard(session)
            case "c" where !session.consentIsCurrent: return .consent(.renewing(session))
            default:
                guard let n = Int(text), screen.agenda.indices.contains(n - 1) else {
                    say("Type a task's number from 1 to \(screen.agenda.count), or m, s, r or q.")
                    continue
                }
                screen.selection = n - 1
                switch screen.startSelected() {
                case .launch(let launch)?: return .done(.runTask(launch))
                case .explain(let text)?: say(text)
                case .reviewConsent?: return .consent(.renewing(session))
                default: break
                }
            }
        }
    }

    /// The inbox: messages numbered, newest first; reading one marks it read.
    func inbox(_ session: StudySession) -> Place {
        let dates = DateText(timeZone: services.timeZone)
        while true {
            let messages: [InboxMessage]
            do { messages = try services.loadInbox() } catch {
                say("! Your messages cannot be read: \(JourneyFailure(error).message)")
                return .dashboard(session)
            }
            say()
            guard !messages.isEmpty else {
                say("No messages yet.")
                return .dashboard(session)
            }
            say("Messages, newest first:")
            for (i, m) in messages.enumerated() {
                say("\(i + 1). \(m.isUnread ? "(unread) " : "")\(dates.relative(m.createdAt, now: services.now())): \(m.title)")
            }
            guard case .text(let text) = ask("Type a message's number to read it, or b to go back to your tasks.",
                                             help: "Reading a message marks it read.") else { return .done(.quit) }
            if text.lowercased() == "b" || text.isEmpty { return .dashboard(session) }
            guard let n = Int(text), messages.indices.contains(n - 1) else {
                say("Type a number from 1 to \(messages.count), or b.")
                continue
            }
            let message = messages[n - 1]
            say()
            say(message.title)
            say(message.body)
            if message.isUnread {
                do { try services.markRead(message.id, services.now()) } catch {
                    say("! The message could not be marked read: \(JourneyFailure(error).message)")
                }
            }
        }
    }
}
