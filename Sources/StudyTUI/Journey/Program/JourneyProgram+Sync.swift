import Foundation
import StudyCore
import TUIKit

extension JourneyProgram {
    /// How often the study server is asked for messages when nothing waits to be sent.
    static let syncInterval: TimeInterval = 60

    /// One round of sending in the background (results, a queued withdrawal, then messages into
    /// the inbox); nothing when a round is already running.
    func sendOutbox() -> Command<JourneyMessage> {
        let services = services
        return .work(JourneyWork.sync) { .synced(await services.sendOutbox()) }
    }

    /// Reads the sending state for Settings (a failed read keeps the last one).
    func loadSyncStatus() -> Command<JourneyMessage> {
        let services = services, last = sync
        return .perform { .syncStatusLoaded((try? services.loadSyncStatus()) ?? last) }
    }

    /// Starts a round unless one runs.
    mutating func sendSoon() -> [Command<JourneyMessage>] {
        guard !syncing else { return [] }
        syncing = true
        return [sendOutbox()]
    }

    /// A round ended: Settings shows the new state, the dashboard its unread messages, and the
    /// next round is timed (when the first waiting item is due, at least every minute).
    mutating func synced(_ status: SyncStatus?) -> [Command<JourneyMessage>] {
        syncing = false
        sync = status
        destination.updateSettings { screen in
            screen.sync = status
            // "Send now" is over: the panel shows the state after the round (what waits, when
            // it was last sent, the last problem, what was refused).
            if screen.busy == Self.sendingText { screen.busy = nil }
        }
        guard let status else { return [] }
        syncGeneration += 1
        let now = services.now()
        var seconds = Self.syncInterval
        if status.waiting > 0, let due = status.nextAttemptAt { seconds = min(seconds, max(1, due.timeIntervalSince(now))) }
        var commands: [Command<JourneyMessage>] = [.tick(after: .milliseconds(Int64(seconds * 1000)), .syncDue(generation: syncGeneration))]
        if case .dashboard = destination { commands.append(loadFacts(fromClock: false)) }
        return commands + versionCheckDue(now: now)
    }

    /// The busy line while "send now" runs.
    static let sendingText = SettingsScreen.sendingLine
}
