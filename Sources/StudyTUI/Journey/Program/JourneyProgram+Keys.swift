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
        guard JourneyFrame.fits(size) else { return key == .ctrl("c") ? drive(.quit) : [] }
        notice = nil
        switch destination {
        case .starting: return key == .ctrl("c") ? drive(.quit) : []
        case .failed: return Self.failedKeys.action(for: key) == .quit ? drive(.quit) : []
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
        case .next?: return drive(.farewellRead)
        case .quit?: return drive(.quit)
        case nil: return []
        }
    }

    /// Welcome: sign up, the demo study, or quit.
    /// While the study is looked up, Esc stops looking (the screen stays, with what was typed).
    private mutating func welcomeKey(_ key: Key) -> [Command<JourneyMessage>] {
        if welcome.busy != nil, key == .escape {
            welcome.busy = nil
            notice = Notice("Stopped looking up the study.")
            return drive(.stopLookingUp)
        }
        switch welcome.handle(key) {
        case .signUp(let request)?:
            (welcome.busy, welcome.error) = ("Looking up the study… (Esc stops)", nil)
            return drive(.signUp(request))
        case .joinDemo?:
            (welcome.busy, welcome.error) = ("Opening the demo study… (Esc stops)", nil)
            return drive(.signUp(.demo))
        case .quit?: return drive(.quit)
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
        case (.agreed?, _):
            destination.updateConsent { $0.busy = "Recording your consent…" }
            return drive(.agree)
        case (.declined?, .joining):
            welcome.busy = nil
            notice = Notice("You did not join \(screen.definition.title). Nothing was stored.")
            return drive(.decline)
        case (.declined?, .renewing):
            notice = Notice("Your tasks wait until you agree to the new consent (C). To stop taking part, leave the study under Settings.")
            return drive(.decline)
        case (.quit?, _): return drive(.quit)
        case (nil, _): return []
        }
    }

    /// Dashboard: start a task, open the inbox or settings, refresh, quit.
    private mutating func dashboardKey(_ key: Key, _ start: DashboardScreen) -> [Command<JourneyMessage>] {
        var screen = start
        let outcome = screen.handle(key, body: bodySize)
        destination = .dashboard(screen)
        switch outcome {
        case .launch(let launch)?: return drive(.launch(launch))
        case .explain(let text)?: notice = Notice(text); return []
        case .openInbox?: return drive(.openInbox)
        case .openSettings?: return drive(.openSettings)
        case .refresh?: return drive(.refresh)
        case .reviewConsent?: return drive(.reviewConsent)
        case .quit?: return drive(.quit)
        case nil: return []
        }
    }

    /// Settings: reload, export, leave, back. While the definition is reloaded, Esc goes back to the
    /// dashboard and the reload is cancelled (nothing of it is stored); exporting and leaving write,
    /// so they run to their end.
    private mutating func settingsKey(_ key: Key, _ start: SettingsScreen, _ dashboard: DashboardScreen) -> [Command<JourneyMessage>] {
        var screen = start
        if screen.busy == Self.reloadingText, key == .escape {
            notice = Notice("The study was not reloaded.")
            return drive(.stopReloading)
        }
        let outcome = screen.handle(key, body: bodySize, timeZone: services.timeZone)
        destination = .settings(screen, dashboard)
        switch outcome {
        case .reload?:
            destination.updateSettings { $0.busy = Self.reloadingText }
            return drive(.reload)
        case .sendNow?:
            destination.updateSettings { $0.busy = Self.sendingText }
            syncGeneration += 1
            return drive(.sendNow)
        case .export(let folder, let create)?:
            destination.updateSettings { $0.busy = "Exporting your data…" }
            return drive(.export(folder: folder, createFolder: create))
        case .leave(let folder, let create)?:
            destination.updateSettings { $0.busy = folder == nil ? "Leaving the study…" : "Exporting your data, then leaving…" }
            return drive(.leave(exportTo: folder, createFolder: create))
        case .back?: return drive(.back)
        case .quit?: return drive(.quit)
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
        case .markRead(let id)?: return drive(.messageRead(id))
        case .back?: return drive(.back)
        case .quit?: return drive(.quit)
        case nil: return []
        }
    }
}
