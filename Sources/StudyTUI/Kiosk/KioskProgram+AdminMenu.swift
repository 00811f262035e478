import Foundation
import StudyCore
import TUIKit

extension KioskProgram {
    /// The "Sync now" round's work.
    static let syncWork: WorkID = "kiosk-admin-sync"
    /// The export's work.
    static let exportWork: WorkID = "kiosk-admin-export"

    /// The admin screens' idle timeout, started again by every key.
    var adminTouch: [Command<KioskMessage>] { [.timer(Self.adminTimer, after: .seconds(Self.adminIdleSeconds), .adminIdle)] }

    /// A key on the admin menu: ↑↓ move, Enter chooses, Esc goes back (welcome, or the session held).
    mutating func adminMenuKey(_ key: Key, highlighted: Int) -> [Command<KioskMessage>] {
        let entries = adminEntries
        switch key {
        case .escape: return leaveAdmin()
        case .up: screen = .adminMenu(highlighted: max(0, highlighted - 1))
        case .down, .tab: screen = .adminMenu(highlighted: min(entries.count - 1, highlighted + 1))
        case .enter: return choose(entries[min(highlighted, entries.count - 1)])
        default: break
        }
        return adminTouch
    }

    /// Does what the menu entry `action` says. Every action is audited (``KioskAdminServices/record``),
    /// with counts only.
    mutating func choose(_ action: KioskAdminAction) -> [Command<KioskMessage>] {
        let services = services
        switch action {
        case .status:
            screen = .admin(.status(nil, loading: true))
            return adminTouch + [.perform {
                services.admin.record(.statusViewed)
                return .admin(.statusRead(services.status()))
            }]
        case .syncNow:
            screen = .admin(.sync(nil))
            return [.cancelTimer(Self.adminTimer), .work(Self.syncWork) {
                let report = await services.syncNow()
                services.admin.record(.syncRequested(sent: report.sent, pending: report.pending, failed: report.error != nil))
                return .admin(.synced(report))
            }]
        case .export:
            screen = .admin(.export(nil))
            return [.cancelTimer(Self.adminTimer), .work(Self.exportWork) { .admin(.exported(services.admin.export())) }]
        case .pause, .resume:
            let pausing = action == .pause
            return [.perform { .admin(.pauseStored(paused: pausing, stored: services.admin.setPaused(pausing))) }]
        case .endCurrentSession:
            return endHeldSession()
        case .testSession:
            return startTestSession()
        case .endStation:
            outcome = .endedByStaff
            return [.cancelTimer(Self.adminTimer), .perform { services.admin.record(.stationEnded); return nil }, .wipeScreen, .quit]
        case .backToSession, .backToWelcome:
            return leaveAdmin()
        }
    }

    /// A key on an admin panel: Enter or Esc goes back to the menu, on the panel's entry; keys
    /// wait while the panel's action runs.
    mutating func adminPanelKey(_ key: Key, panel: KioskAdminPanel) -> [Command<KioskMessage>] {
        guard key == .enter || key == .escape else { return adminTouch }
        switch panel {
        case .sync(nil), .export(nil), .status(_, loading: true): return adminTouch
        default: break
        }
        screen = .adminMenu(highlighted: adminEntries.firstIndex(of: panel.action) ?? 0)
        return adminTouch + [.wipeScreen]
    }

    /// An admin action's outcome: its panel shows it (when the panel still shows); a pause state
    /// that was stored takes effect and welcome (or the paused screen) comes back.
    mutating func adminMessage(_ message: KioskAdminMessage) -> [Command<KioskMessage>] {
        switch (message, screen) {
        case (.statusRead(let status), .admin(.status)):
            screen = .admin(.status(status, loading: false))
        case (.synced(let report), .admin(.sync)):
            screen = .admin(.sync(report))
        case (.exported(let result), .admin(.export)):
            screen = .admin(.export(result))
        case (.pauseStored(let pausing, let stored), .adminMenu):
            guard stored else { return adminTouch }
            paused = pausing
            return leaveAdmin()
        default:
            return []
        }
        return adminTouch
    }

    /// Staff end the session held behind the menu: it ends `endedByStaff`, durably, then the full
    /// privacy reset runs and welcome draws.
    mutating func endHeldSession() -> [Command<KioskMessage>] {
        guard let back = held else { return leaveAdmin() }
        held = nil
        pinEntry = ""
        screen = back
        let services = services
        return [.cancelTimer(Self.adminTimer), .perform { services.admin.record(.sessionEndedByStaff); return nil }]
            + endSession(.endedByStaff)
    }
}
