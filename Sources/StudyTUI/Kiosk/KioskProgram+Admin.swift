import Foundation
import StudyCore
import TUIKit

extension KioskProgram {
    /// The hidden chord's second key must follow its first (Ctrl-A) within this time.
    static let chordWindow: Duration = .seconds(2)
    /// The admin prompt's and menu's idle time before welcome comes back.
    public static let adminIdleSeconds = 30
    /// The admin timeout's timer.
    static let adminTimer: TimerID = "kiosk-admin-idle"
    /// The PIN check's work.
    static let adminWork: WorkID = "kiosk-admin-pin"
    /// The admin menu's entries, in order.
    public static let adminMenu = ["End the station", "Back to welcome"]

    /// A key on welcome: Enter begins a session; Ctrl-A then Ctrl-K within 2 s opens the admin
    /// PIN prompt (shown in no help line); every other key does nothing.
    mutating func welcomeKey(_ key: Key) -> [Command<KioskMessage>] {
        let now = clock.now()
        defer { if key != .ctrl("a") { chordStart = nil } }
        switch key {
        case .enter:
            return startSession()
        case .ctrl("a"):
            chordStart = now
            return []
        case .ctrl("k"):
            guard let start = chordStart, now - start <= Self.chordWindow else { return [] }
            return openAdmin(.adminPIN(KioskPINPrompt()))
        default:
            return []
        }
    }

    /// Shows an admin screen with a fresh idle timeout.
    mutating func openAdmin(_ adminScreen: KioskScreen) -> [Command<KioskMessage>] {
        screen = adminScreen
        pinEntry = ""
        return [.timer(Self.adminTimer, after: .seconds(Self.adminIdleSeconds), .adminIdle)]
    }

    /// A key on the PIN prompt: digits (at most 16) add a bullet, Backspace takes one away, Enter
    /// checks the PIN off the loop, Esc goes back to welcome. Keys wait while a check runs.
    mutating func pinKey(_ key: Key, prompt: KioskPINPrompt) -> [Command<KioskMessage>] {
        guard !prompt.checking else { return [] }
        var prompt = prompt
        let touch: [Command<KioskMessage>] = [.timer(Self.adminTimer, after: .seconds(Self.adminIdleSeconds), .adminIdle)]
        switch key {
        case .escape:
            return leaveAdmin()
        case .character(let c) where c.isASCII && c.isNumber:
            guard pinEntry.count < AdminPINLength.longest else { return touch }
            pinEntry.append(c)
            prompt.message = nil
        case .backspace:
            if !pinEntry.isEmpty { pinEntry.removeLast() }
        case .enter:
            guard AdminPINLength.range.contains(pinEntry.count) else {
                prompt.message = "A PIN is \(AdminPINLength.shortest) to \(AdminPINLength.longest) digits."
                break
            }
            let pin = pinEntry, services = services
            pinEntry = ""
            prompt.checking = true
            prompt.message = nil
            prompt.length = 0
            screen = .adminPIN(prompt)
            return [.cancelTimer(Self.adminTimer), .work(Self.adminWork) { .adminChecked(services.checkAdminPIN(pin)) }]
        default:
            return touch
        }
        prompt.length = pinEntry.count
        screen = .adminPIN(prompt)
        return touch
    }

    /// The PIN was checked: the menu opens, or the prompt says why not (and how long to wait).
    mutating func adminChecked(_ check: KioskAdminCheck) -> [Command<KioskMessage>] {
        guard case .adminPIN = screen else { return [] }
        switch check {
        case .accepted:
            return openAdmin(.adminMenu(highlighted: 0))
        case .refused(let seconds):
            return openAdmin(.adminPIN(KioskPINPrompt(message: seconds > 0 ? "Wrong PIN. Try again in \(seconds) s." : "Wrong PIN.")))
        case .locked(let seconds):
            return openAdmin(.adminPIN(KioskPINPrompt(message: "Locked after too many wrong PINs. Try again in \(seconds) s.")))
        case .unavailable(let reason):
            return openAdmin(.adminPIN(KioskPINPrompt(message: "The PIN cannot be checked: \(reason).")))
        }
    }

    /// A key on the admin menu: ↑↓ move, Enter chooses, Esc goes back to welcome.
    mutating func adminMenuKey(_ key: Key, highlighted: Int) -> [Command<KioskMessage>] {
        let touch: [Command<KioskMessage>] = [.timer(Self.adminTimer, after: .seconds(Self.adminIdleSeconds), .adminIdle)]
        switch key {
        case .escape: return leaveAdmin()
        case .up: screen = .adminMenu(highlighted: max(0, highlighted - 1))
        case .down, .tab: screen = .adminMenu(highlighted: min(Self.adminMenu.count - 1, highlighted + 1))
        case .enter where highlighted == 0:
            outcome = .endedByStaff
            return [.cancelTimer(Self.adminTimer), .wipeScreen, .quit]
        case .enter: return leaveAdmin()
        default: break
        }
        return touch
    }

    /// The admin prompt or menu had no key for 30 s: welcome again.
    mutating func adminIdle() -> [Command<KioskMessage>] {
        switch screen {
        case .adminPIN(let prompt) where !prompt.checking: return leaveAdmin()
        case .adminMenu: return leaveAdmin()
        default: return []
        }
    }

    /// Back to welcome from an admin screen, the typed digits forgotten and the screen wiped.
    mutating func leaveAdmin() -> [Command<KioskMessage>] {
        pinEntry = ""
        chordStart = nil
        screen = .welcome
        return [.cancelTimer(Self.adminTimer), .cancel(Self.adminWork), .wipeScreen]
    }
}

/// The lengths of an admin PIN (as `kiosk set-pin` accepts them).
enum AdminPINLength {
    /// The shortest PIN.
    static let shortest = 6
    /// The longest PIN.
    static let longest = 16
    /// Both.
    static var range: ClosedRange<Int> { shortest...longest }
}
