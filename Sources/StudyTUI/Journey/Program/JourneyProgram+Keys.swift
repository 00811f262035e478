import Foundation
import StudyCore
import TUIKit

extension JourneyProgram {
    /// Keys of the failed screen.
    enum FailedAction: Sendable, Hashable { case quit }

    /// What settings show while the definition is reloaded.
    static let reloadingText = "Checking for an updated study definition… (Esc goes back)"

    /// The failed screen's keys.
    static let failedKeys = KeyMap<FailedAction>([
        KeyBinding([.character("q"), .character("Q"), .escape, .ctrl("c"), .enter], .quit, help: "quit", helpKey: "Q"),
    ])

    /// Sends a key to the screen shown and acts on its outcome.
    mutating func keyPressed(_ key: Key) -> [Command<JourneyMessage>] {
        guard JourneyFrame.fits(size) else { return key == .ctrl("c") ? finish(.quit) : [] }
        notice = nil
        switch route {
        case .starting: return key == .ctrl("c") ? finish(.quit) : []
        case .failed: return Self.failedKeys.action(for: key) == .quit ? finish(.quit) : []
        case .welcome: return welcomeKey(key)
        case .consent: return consentKey(key)
        case .dashboard: return dashboardKey(key)
        case .settings: return settingsKey(key)
        case .inbox: return inboxKey(key)
        case .farewell: return farewellKey(key)
        }
    }

    /// Farewell: read, then on to the welcome screen.
    private mutating func farewellKey(_ key: Key) -> [Command<JourneyMessage>] {
        guard var screen = farewell else { return [] }
        let outcome = screen.handle(key, body: bodySize)
        farewell = screen
        switch outcome {
        case .next?:
            farewell = nil
            route = .welcome
            return []
        case .quit?: return finish(.quit)
        case nil: return []
        }
    }

    /// Welcome: sign up, the demo study, or quit.
    /// While the study is looked up, Esc stops looking (the screen stays, with what was typed).
    private mutating func welcomeKey(_ key: Key) -> [Command<JourneyMessage>] {
        if welcome.busy != nil, key == .escape {
            welcome.busy = nil
            notice = Notice("Stopped looking up the study.")
            return [.cancel(JourneyWork.lookUp)]
        }
        switch welcome.handle(key) {
        case .signUp(let request)?:
            (welcome.busy, welcome.error) = ("Looking up the study… (Esc stops)", nil)
            return [lookUp(request)]
        case .joinDemo?:
            (welcome.busy, welcome.error) = ("Opening the demo study… (Esc stops)", nil)
            return [lookUp(.demo)]
        case .quit?: return finish(.quit)
        case nil: return []
        }
    }

    /// Consent: agreeing records it before anything else; declining stores nothing.
    private mutating func consentKey(_ key: Key) -> [Command<JourneyMessage>] {
        guard var screen = consent else { return [] }
        let outcome = screen.handle(key, body: bodySize)
        consent = screen
        switch (outcome, screen.purpose) {
        case (.agreed?, .joining(let invitation)):
            consent?.busy = "Recording your consent…"
            return [join(invitation)]
        case (.agreed?, .renewing(let session)):
            consent?.busy = "Recording your consent…"
            return [renewConsent(session)]
        case (.declined?, .joining):
            consent = nil
            route = .welcome
            welcome.busy = nil
            notice = Notice("You did not join \(screen.definition.title). Nothing was stored.")
            return []
        case (.declined?, .renewing):
            consent = nil
            route = .dashboard
            notice = Notice("Your tasks wait until you agree to the new consent (C). To stop taking part, leave the study under Settings.")
            return []
        case (.quit?, _): return finish(.quit)
        case (nil, _): return []
        }
    }

    /// Dashboard: start a task, open the inbox or settings, refresh, quit.
    private mutating func dashboardKey(_ key: Key) -> [Command<JourneyMessage>] {
        guard var screen = dashboard else { return [] }
        let outcome = screen.handle(key, body: bodySize)
        dashboard = screen
        switch outcome {
        case .launch(let launch)?: return finish(.runTask(launch))
        case .explain(let text)?: notice = Notice(text); return []
        case .openInbox?:
            route = .inbox
            inbox = InboxScreen()
            return [loadInbox()]
        case .openSettings?:
            route = .settings
            settings = SettingsScreen(session: screen.session, unsentResults: screen.facts?.results.unsent ?? 0,
                                      exportFolder: services.exportFolder)
            return []
        case .refresh?: return [loadFacts(fromClock: false)]
        case .reviewConsent?:
            consent = ConsentScreen(.renewing(screen.session))
            route = .consent
            return []
        case .quit?: return finish(.quit)
        case nil: return []
        }
    }

    /// Settings: reload, export, leave, back. While the definition is reloaded, Esc goes back to the
    /// dashboard and the reload is cancelled (nothing of it is stored); exporting and leaving write,
    /// so they run to their end.
    private mutating func settingsKey(_ key: Key) -> [Command<JourneyMessage>] {
        guard var screen = settings, let session else { return [] }
        if screen.busy == Self.reloadingText, key == .escape {
            settings = nil
            route = .dashboard
            notice = Notice("The study was not reloaded.")
            return [.cancel(JourneyWork.reload), loadFacts(fromClock: false)]
        }
        let outcome = screen.handle(key, body: bodySize, timeZone: services.timeZone)
        settings = screen
        switch outcome {
        case .reload?:
            settings?.busy = Self.reloadingText
            return [reload(session)]
        case .export(let folder)?:
            settings?.busy = "Exporting your data…"
            return [export(session.studyID, to: folder)]
        case .leave(let folder)?:
            settings?.busy = folder == nil ? "Leaving the study…" : "Exporting your data, then leaving…"
            return [leave(session, exportTo: folder)]
        case .back?:
            settings = nil
            route = .dashboard
            return [loadFacts(fromClock: false)]
        case .quit?: return finish(.quit)
        case nil: return []
        }
    }

    /// Inbox: choose a message (which marks it read), read on, back.
    private mutating func inboxKey(_ key: Key) -> [Command<JourneyMessage>] {
        guard var screen = inbox else { return [] }
        let outcome = screen.handle(key, textLines: screen.textLines(width: bodySize.width - 2).count,
                                    textHeight: screen.textHeight(in: bodySize))
        inbox = screen
        switch outcome {
        case .markRead(let id)?: return [markRead(id)]
        case .back?:
            inbox = nil
            route = .dashboard
            return [loadFacts(fromClock: false)]
        case .quit?: return finish(.quit)
        case nil: return []
        }
    }
}
