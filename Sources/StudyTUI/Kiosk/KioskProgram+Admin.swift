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
    /// The hidden chord's keys, which never reach a task.
    static let chordKeys: Set<Key> = [.ctrl("a"), .ctrl("k")]

    /// The admin menu's entries as they show now.
    public var adminEntries: [KioskAdminAction] { KioskAdminAction.entries(sessionHeld: held != nil, paused: paused) }

    /// A key on welcome: Enter begins a session (not while the station is paused); every other key
    /// does nothing.
    mutating func welcomeKey(_ key: Key) -> [Command<KioskMessage>] {
        guard key == .enter, !paused else { return [] }
        return startSession()
    }

    /// The hidden chord, shown in no help line: Ctrl-A then Ctrl-K within 2 s on welcome (paused
    /// or not), the language chooser or a task opens the admin PIN prompt; a participant's session
    /// waits behind it, its idle timeout stopped. Both keys are swallowed on those screens (nil:
    /// `key` is not the chord's, or the screen does not take it).
    mutating func adminChord(_ key: Key) -> [Command<KioskMessage>]? {
        let now = clock.now()
        defer { if key != .ctrl("a") { chordStart = nil } }
        switch screen {
        case .welcome, .language, .identify, .consent, .task: break
        default: return nil
        }
        switch key {
        case .ctrl("a"):
            chordStart = now
            return []
        case .ctrl("k"):
            guard let start = chordStart, now - start <= Self.chordWindow else { return [] }
            var commands: [Command<KioskMessage>] = []
            if session != nil {
                held = screen
                idle = nil
                idleGeneration += 1
                commands.append(.cancelTimer(Self.idleTimer))
            }
            return commands + openAdmin(.adminPIN(KioskPINPrompt()))
        default:
            return nil
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

    /// The admin prompt, menu or a panel had no key for 30 s: welcome again (or the session held).
    mutating func adminIdle() -> [Command<KioskMessage>] {
        switch screen {
        case .adminPIN(let prompt) where !prompt.checking: return leaveAdmin()
        case .adminMenu, .admin: return leaveAdmin()
        default: return []
        }
    }

    /// Back from an admin screen, the typed digits forgotten and the screen wiped: to the session
    /// held behind the menu (its idle timeout starts again), else to welcome.
    mutating func leaveAdmin() -> [Command<KioskMessage>] {
        pinEntry = ""
        chordStart = nil
        let commands: [Command<KioskMessage>] = [.cancelTimer(Self.adminTimer), .cancel(Self.adminWork), .wipeScreen]
        guard let back = held else {
            screen = .welcome
            return commands
        }
        held = nil
        screen = back
        if case .task(let visit) = back { return commands + startIdle(step: visit.screen.run.currentPath) }
        if case .consent = back { return commands + startIdle(step: "consent") }
        return commands + startIdle()
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
