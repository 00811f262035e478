import Foundation
import StudyCore
import TUIKit

/// A study station as one root program in one loop: welcome → language → identification (unless
/// anonymous) → consent (when the station shows it) → the session plan's tasks → thank-you →
/// welcome, participant after participant. Screens are values (``KioskScreen``);
/// the running task's screen is a child whose messages and commands the station wraps. A
/// participant screen never leads to settings, the dashboard, another session or a shell: Ctrl-C
/// (the task's cancel menu: save for later, discard) is swallowed, and the task screen's quit
/// ends the task, never the loop.
///
/// Every session ends once (`KioskSession`), then the privacy reset runs in this order: the
/// durable write (``KioskServices/endSession``) completes; the session and its task screen are
/// dropped; the screen, its scrollback and the typed-ahead input are wiped; the language goes
/// back to the station's default; only then does welcome (or the thank-you) draw.
public struct KioskProgram: TerminalProgram {
    /// How the loop ended.
    public enum Outcome: Sendable, Equatable {
        /// `endOfSession: exit`: the session ended and its thank-you (if any) is over.
        case exited
        /// A signal stopped the station (the session showing ended `interrupted`).
        case signalled(TerminalSignal)
        /// Staff ended the station from the admin menu.
        case endedByStaff
    }

    /// The station's configuration.
    let station: KioskStation
    /// The outside world (during a test session, services that store nothing).
    var services: KioskServices
    /// The loop's monotonic clock (idle timeouts).
    let clock: MonotonicClock
    /// The terminal's size.
    public internal(set) var size: Size
    /// The screen showing.
    public internal(set) var screen: KioskScreen = .welcome
    /// The session in progress, if any.
    public internal(set) var session: KioskSession?
    /// True once the session in progress was begun in the store.
    var sessionStored = false
    /// The language in force.
    public internal(set) var language: String
    /// The withdrawal code of the session in progress (shown on its thank-you).
    var withdrawalCode: String?
    /// The end a timed-out task is waiting to be recorded for.
    var pendingEnd: KioskSessionEndReason?
    /// True once the finished task's recording was asked for.
    var recording = false
    /// The idle timeout of the participant screen showing (nil on welcome and the thank-you).
    public internal(set) var idle: IdleWatch?
    /// The idle timer's generation; older screens' timers are ignored.
    var idleGeneration = 0
    /// The task step whose timeout runs (nil outside a task).
    var idleStep: String?
    /// A line for staff on welcome (a session that could not be stored).
    public internal(set) var notice: String?
    /// How each session ended, in order (for tests and the status counts).
    public internal(set) var endings: [KioskSessionEndReason] = []
    /// Why the loop ended; nil while it runs.
    public internal(set) var outcome: Outcome?
    /// When the hidden chord's first key (Ctrl-A) was pressed on welcome.
    var chordStart: Duration?
    /// The digits typed at the admin prompt (never drawn, never stored).
    var pinEntry = ""
    /// True while the station is paused: welcome is the paused screen, which only staff leave.
    public internal(set) var paused = false
    /// The participant screen the admin prompt and menu were opened over (the session waits).
    var held: KioskScreen?
    /// The station's own services while a test session runs on services that store nothing.
    var storingServices: KioskServices?
    /// True once the session's participant declined the consent (the session ends without tasks).
    var consentDeclined = false

    /// The idle timer's name.
    static let idleTimer: TimerID = "kiosk-idle"
    /// The thank-you's timer.
    static let thankYouTimer: TimerID = "kiosk-thank-you"

    /// A station on a terminal of `size`, its idle timeouts measured on `clock` (the loop's).
    /// `paused`: the station starts paused (the state a restart keeps).
    public init(station: KioskStation, services: KioskServices, size: Size, clock: MonotonicClock = .process, paused: Bool = false) {
        self.paused = paused
        self.station = station
        self.services = services
        self.size = size
        self.clock = clock
        language = station.languages.first ?? "en"
    }

    /// Keys, resizes and signals become messages; during a task its screen reads keys and clicks,
    /// except Ctrl-C, which the station swallows (it would offer save-for-later and discard), and
    /// the admin chord's keys (Ctrl-A, Ctrl-K), which the station reads.
    public func message(for event: TerminalEvent) -> KioskMessage? {
        switch event {
        case .resize(let width, let height): return .resized(Size(width: width, height: height))
        case .signal(let signal): return .signalled(signal)
        case .key(.ctrl("c")): return .keyPressed(.ctrl("c"))
        case .key(let key) where Self.chordKeys.contains(key): return .keyPressed(key)  // never the task's input
        case .key, .mouse, .tick:
            if case .task(let visit) = screen { return visit.screen.message(for: event).map(KioskMessage.task) }
            if case .key(let key) = event { return .keyPressed(key) }
            return nil
        }
    }

    /// Applies one message.
    public mutating func update(_ message: KioskMessage) -> [Command<KioskMessage>] {
        switch message {
        case .keyPressed(let key): return keyPressed(key)
        case .resized(let newSize):
            size = newSize
            if case .task = screen { return taskUpdate(.resized(newSize)) }
            return []
        case .signalled(let signal):
            outcome = .signalled(signal)
            return endSession(.interrupted) + [.quit]
        case .task(let message): return taskUpdate(message)
        case .sessionBegan(let result): return sessionBegan(result)
        case .taskStarted(let result): return taskStarted(result)
        case .taskRecorded(let result): return taskRecorded(result)
        case .sessionEnded(let result, let reason): return sessionEnded(result, reason: reason)
        case .idleTicked(let generation): return idleTicked(generation)
        case .thankYouElapsed: return thankYouElapsed()
        case .adminChecked(let check): return adminChecked(check)
        case .adminIdle: return adminIdle()
        case .admin(let message): return adminMessage(message)
        case .identifyKeyPressed(let key, let time): return identifyKey(key, at: time)
        case .consentRecorded(let result): return consentRecorded(result)
        case .consentAnswered(let agreed): return consentAnswered(agreed: agreed)
        }
    }

    /// The terminal is gone (its input ended) and the loop with it: the session in progress ends
    /// `interrupted`, durably. The runner calls it after the loop.
    public mutating func inputEnded() {
        if outcome == nil { outcome = .signalled(.hangup) }
        var pending = endSession(.interrupted)
        while !pending.isEmpty {
            if case .perform(let effect) = pending.removeFirst(), let message = effect() { pending += update(message) }
        }
    }

    /// A key outside a task: Enter on welcome begins a session (and the hidden chord opens the
    /// admin prompt); the language chooser moves and chooses; the admin screens read their keys;
    /// every other screen ignores keys (those typed during the thank-you are wiped).
    mutating func keyPressed(_ key: Key) -> [Command<KioskMessage>] {
        if let chord = adminChord(key) { return chord }
        switch screen {
        case .welcome:
            return welcomeKey(key)
        case .adminPIN(let prompt):
            return pinKey(key, prompt: prompt)
        case .adminMenu(let highlighted):
            return adminMenuKey(key, highlighted: highlighted)
        case .admin(let panel):
            return adminPanelKey(key, panel: panel)
        case .language(let highlighted):
            let activity = idleActivity()
            let count = station.languages.count
            switch key {
            case .up: screen = .language(highlighted: max(0, highlighted - 1))
            case .down, .tab: screen = .language(highlighted: min(count - 1, highlighted + 1))
            case .enter: return activity + chooseLanguage(station.languages[highlighted])
            case .character(let c) where c.wholeNumberValue.map { (1...count).contains($0) } == true:
                return activity + chooseLanguage(station.languages[c.wholeNumberValue! - 1])
            default: break
            }
            return activity
        case .task:
            return idleActivity()
        case .consent(let visit):
            return consentKey(key, visit)
        case .identify:
            return identifyKey(key, at: clock.now())
        case .preparing, .thankYou:
            return []
        }
    }

    /// A new session: the language chooser when several languages are offered, then the
    /// identification (unless anonymous), then it begins.
    mutating func startSession() -> [Command<KioskMessage>] {
        let session = KioskSession(plan: station.plan, languages: station.languages)
        self.session = session
        (sessionStored, withdrawalCode, pendingEnd, notice, consentDeclined) = (false, nil, nil, nil, false)
        language = session.language
        if session.stage == .language {
            screen = .language(highlighted: 0)
            return startIdle()
        }
        return identifyOrBegin()
    }

    /// The participant chose a language: the session begins in it.
    mutating func chooseLanguage(_ tag: String) -> [Command<KioskMessage>] {
        session?.chooseLanguage(tag)
        language = tag
        return identifyOrBegin()
    }

    /// Begins the session in the store before its first task, for the participant identified as
    /// `participantID` (nil: anonymous).
    mutating func begin(participantID: String? = nil) -> [Command<KioskMessage>] {
        guard let session else { return [] }
        screen = .preparing
        idle = nil
        let opening = KioskServices.Opening(sessionID: session.id, language: language, participantID: participantID)
        let services = services
        return [.cancelTimer(Self.idleTimer), .perform { .sessionBegan(services.beginSession(opening)) }]
    }
}
