import Foundation
import StudyCore
import TUIKit

extension JourneyProgram {
    /// Enrolled: the dashboard (saying when the definition was updated); otherwise the welcome screen.
    mutating func started(_ result: Result<StudySession?, JourneyFailure>, updatedFrom: String?) -> [Command<JourneyMessage>] {
        guard case .success(let session?) = result else { return drive(.opened(result, updatedFrom: updatedFrom)) }
        if let updatedFrom {
            notice = Notice("The study was updated to version \(session.definition.version) (was \(updatedFrom)); see Settings for details.")
        }
        if !session.consentIsCurrent {
            notice = Notice("The study changed its consent. Press C to read it and agree again before your next task.", tone: .reminder)
        }
        // The stored copy opened the study at once; a study with a server (the first round of
        // sending says so) is asked for a newer version now, or when that round ends.
        return drive(.opened(result, updatedFrom: updatedFrom)) + (sync != nil ? versionCheckDue(now: services.now()) : [])
    }

    /// A study was found: show its consent; otherwise keep the typed text and say what to fix.
    mutating func invitationFound(_ result: Result<StudyInvitation, SignUpError>) -> [Command<JourneyMessage>] {
        switch result {
        case .success: welcome.busy = nil
        case .failure(let error): welcome.failed(error)
        }
        return drive(.invitationFound(result))
    }

    /// Joined: the dashboard; a failure stays on the consent with the reason.
    mutating func joined(_ result: Result<StudySession, JourneyFailure>) -> [Command<JourneyMessage>] {
        switch result {
        case .success(let session):
            welcome = WelcomeScreen()
            notice = Notice("Welcome to \(session.definition.title). Your consent was recorded.")
            lastVersionCheck = services.now()
            // The study's tasks come in the background: the consent screen never waits on them.
            // In the order of before: the facts, a round of sending, then the missing tasks' fetch.
            var commands = drive(.joined(result))
            commands.insert(contentsOf: sendSoon(), at: min(1, commands.count))
            return commands
        case .failure(let failure):
            destination.updateConsent {
                $0.busy = nil
                $0.error = "Your consent could not be recorded: \(failure.message)"
            }
            return drive(.joined(result))
        }
    }

    /// New facts: the agenda is recomputed; reminders that a timer brought show as a notice. A
    /// version that arrived during a task is put in force first.
    mutating func factsLoaded(_ update: FactsUpdate) -> [Command<JourneyMessage>] {
        guard destination.dashboard != nil else { return [] }
        let before = session
        let commands = drive(.factsLoaded(update))
        if let before, let updated = session, updated != before {
            announce(from: before, to: updated)
            return commands
        }
        switch update.result {
        case .success(let facts):
            destination.updateDashboard { $0.load(facts, now: update.at) }
            destination.updateSettings { $0.unsentResults = facts.results.unsent }
            if update.fromClock, let reminder = update.delivered.first(where: { $0.kind == .reminder }) {
                notice = Notice(reminder.title + ". Press M for messages.", tone: .reminder)
            }
        case .failure(let failure):
            destination.updateDashboard { $0.error = "Your tasks cannot be read: \(failure.message)" }
        }
        return commands + [scheduleTick(now: update.at)]
    }

    /// A fetched definition: decided by its version; a new one replaces the old and says what
    /// changed. A changed consent text holds the tasks until the participant agrees again.
    mutating func reloaded(_ result: Result<StudySession, JourneyFailure>) -> [Command<JourneyMessage>] {
        destination.updateSettings { $0.busy = nil }
        guard let session else { return [] }
        switch result {
        case .failure(let failure):
            destination.updateSettings { $0.report = ["The study definition could not be fetched: \(failure.message)", "Nothing was changed."] }
        case .success(let updated):
            destination.updateSettings { $0.report = SettingsScreen.reloadReport(from: session, to: updated) }
        }
        return drive(.reloaded(result))
    }

    /// The changed consent was agreed to and recorded: the tasks are open again; a failure stays on
    /// the consent with the reason.
    mutating func consentRenewed(_ result: Result<StudySession, JourneyFailure>) -> [Command<JourneyMessage>] {
        switch result {
        case .success:
            guard case .renewingConsent = destination else { return [] }
            notice = Notice("Your consent to the new text was recorded. Your tasks are open again.")
        case .failure(let failure):
            destination.updateConsent {
                $0.busy = nil
                $0.error = "Your consent could not be recorded: \(failure.message)"
            }
        }
        return drive(.consentRenewed(result))
    }

    /// The export finished: say where, with the whole path; a failure keeps the folder question
    /// open with the reason.
    mutating func exported(_ result: Result<String, JourneyFailure>) -> [Command<JourneyMessage>] {
        destination.updateSettings { $0.busy = nil }
        switch result {
        case .success(let text):
            destination.updateSettings {
                $0.prompt = nil
                $0.report = [text]
            }
        case .failure(.folderMissing(let folder)): destination.updateSettings { $0.folderMissing(folder) }
        case .failure(let failure): destination.updateSettings { $0.exportFailed("Your data could not be exported: \(failure.message)") }
        }
        return drive(.exported(result))
    }

    /// Left: a farewell with what happened and the study's closing text, then the welcome screen;
    /// a failure stays in settings and nothing is withdrawn.
    mutating func left(_ result: Result<[String], JourneyFailure>) -> [Command<JourneyMessage>] {
        switch result {
        case .success:
            tickGeneration += 1
            welcome = WelcomeScreen()
        case .failure(let failure):
            destination.updateSettings {
                if case .folderMissing(let folder) = failure, $0.prompt != nil {
                    $0.folderMissing(folder)
                } else if $0.prompt != nil {
                    $0.exportFailed("You are still in the study: \(failure.message)")
                } else {
                    $0.busy = nil
                    $0.report = ["You are still in the study: \(failure.message)"]
                }
            }
        }
        return drive(.left(result))
    }

    /// The inbox was read: the first message shows, and is marked read.
    mutating func inboxLoaded(_ result: Result<[InboxMessage], JourneyFailure>) -> [Command<JourneyMessage>] {
        switch result {
        case .success(let messages):
            var outcome: InboxScreen.Outcome?
            destination.updateInbox { outcome = $0.load(messages) }
            if case .markRead(let id)? = outcome { return drive(.messageRead(id)) }
        case .failure(let failure): destination.updateInbox { $0.error = "Your messages cannot be read: \(failure.message)" }
        }
        return []
    }

    /// A message was marked read.
    mutating func markedRead(_ result: Result<String, JourneyFailure>, at date: Date) -> [Command<JourneyMessage>] {
        switch result {
        case .success(let id): destination.updateInbox { $0.marked(id, at: date) }
        case .failure(let failure): notice = Notice("The message could not be marked read: \(failure.message)", tone: .error)
        }
        return []
    }
}
