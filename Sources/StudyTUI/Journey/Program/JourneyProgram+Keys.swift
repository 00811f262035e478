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
        switch destination {
        case .starting: return key == .ctrl("c") ? finish(.quit) : []
        case .failed: return Self.failedKeys.action(for: key) == .quit ? finish(.quit) : []
        case .welcome: return welcomeKey(key)
        case .joining(let screen): return consentKey(key, screen, returningTo: nil)
        case .renewingConsent(let screen, let dashboard): return consentKey(key, screen, returningTo: dashboard)
        case .dashboard(let screen): return dashboardKey(key, screen)
        case .settings(let screen, let dashboard): return settingsKey(key, screen, dashboard)
        case .inbox(let screen, let dashboard): return inboxKey(key, screen, dashboard)
        case .farewell(let screen): return farewellKey(key, screen)
        case .task: return []   // its keys go to its screen (message(for:))
        }
    }

    /// Farewell: read, then on to the welcome screen.
    private mutating func farewellKey(_ key: Key, _ start: FarewellScreen) -> [Command<JourneyMessage>] {
        var screen = start
        let outcome = screen.handle(key, body: bodySize)
        destination = .farewell(screen)
        switch outcome {
        case .next?:
            destination = .welcome
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

    /// Consent: agreeing records it before anything else; declining stores nothing. A changed
    /// consent returns to `dashboard`.
    private mutating func consentKey(_ key: Key, _ start: ConsentScreen, returningTo dashboard: DashboardScreen?) -> [Command<JourneyMessage>] {
        var screen = start
        let outcome = screen.handle(key, body: bodySize)
        destination = dashboard.map { .renewingConsent(screen, $0) } ?? .joining(screen)
        switch (outcome, screen.purpose) {
        case (.agreed?, .joining(let invitation)):
            destination.updateConsent { $0.busy = "Recording your consent…" }
            return [join(invitation)]
        case (.agreed?, .renewing(let session)):
            destination.updateConsent { $0.busy = "Recording your consent…" }
            return [renewConsent(session)]
        case (.declined?, .joining):
            destination = .welcome
            welcome.busy = nil
            notice = Notice("You did not join \(screen.definition.title). Nothing was stored.")
            return []
        case (.declined?, .renewing):
            if let dashboard { destination = .dashboard(dashboard) }
            notice = Notice("Your tasks wait until you agree to the new consent (C). To stop taking part, leave the study under Settings.")
            return []
        case (.quit?, _): return finish(.quit)
        case (nil, _): return []
        }
    }

    /// Dashboard: start a task, open the inbox or settings, refresh, quit.
    private mutating func dashboardKey(_ key: Key, _ start: DashboardScreen) -> [Command<JourneyMessage>] {
        var screen = start
        let outcome = screen.handle(key, body: bodySize)
        destination = .dashboard(screen)
        switch outcome {
        case .launch(let launch)?: return [startTask(launch)]
        case .explain(let text)?: notice = Notice(text); return []
        case .openInbox?:
            destination = .inbox(InboxScreen(), screen)
            return [loadInbox()]
        case .openSettings?:
            var settings = SettingsScreen(session: screen.session, unsentResults: screen.facts?.results.unsent ?? 0,
                                          exportFolder: services.exportFolder)
            settings.sync = sync
            destination = .settings(settings, screen)
            return [loadSyncStatus()]
        case .refresh?: return [loadFacts(fromClock: false)]
        case .reviewConsent?:
            destination = .renewingConsent(ConsentScreen(.renewing(screen.session)), screen)
            return []
        case .quit?: return finish(.quit)
        case nil: return []
        }
    }

    /// Settings: reload, export, leave, back. While the definition is reloaded, Esc goes back to the
    /// dashboard and the reload is cancelled (nothing of it is stored); exporting and leaving write,
    /// so they run to their end.
    private mutating func settingsKey(_ key: Key, _ start: SettingsScreen, _ dashboard: DashboardScreen) -> [Command<JourneyMessage>] {
        var screen = start
        let session = dashboard.session
        if screen.busy == Self.reloadingText, key == .escape {
            destination = .dashboard(dashboard)
            notice = Notice("The study was not reloaded.")
            return [.cancel(JourneyWork.reload), loadFacts(fromClock: false)]
        }
        let outcome = screen.handle(key, body: bodySize, timeZone: services.timeZone)
        destination = .settings(screen, dashboard)
        switch outcome {
        case .reload?:
            destination.updateSettings { $0.busy = Self.reloadingText }
            return [reload(session)]
        case .sendNow?:
            destination.updateSettings { $0.busy = Self.sendingText }
            syncGeneration += 1
            return syncing ? [] : sendSoon()
        case .export(let folder, let create)?:
            destination.updateSettings { $0.busy = "Exporting your data…" }
            return [export(session.studyID, to: folder, createFolder: create)]
        case .leave(let folder, let create)?:
            destination.updateSettings { $0.busy = folder == nil ? "Leaving the study…" : "Exporting your data, then leaving…" }
            return [leave(session, exportTo: folder, createFolder: create)]
        case .back?:
            destination = .dashboard(dashboard)
            return [loadFacts(fromClock: false)]
        case .quit?: return finish(.quit)
        case nil: return []
        }
    }

    /// Inbox: choose a message (which marks it read), read on, back.
    private mutating func inboxKey(_ key: Key, _ start: InboxScreen, _ dashboard: DashboardScreen) -> [Command<JourneyMessage>] {
        var screen = start
        let outcome = screen.handle(key, textLines: screen.textLines(width: bodySize.width - 2).count,
                                    textHeight: screen.textHeight(in: bodySize))
        destination = .inbox(screen, dashboard)
        switch outcome {
        case .markRead(let id)?: return [markRead(id)]
        case .back?:
            destination = .dashboard(dashboard)
            return [loadFacts(fromClock: false)]
        case .quit?: return finish(.quit)
        case nil: return []
        }
    }
}
