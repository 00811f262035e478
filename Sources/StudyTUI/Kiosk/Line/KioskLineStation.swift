import Foundation
import StudyCore
import TUIKit

/// A study station's line face (`studyterm kiosk --config FILE --accessible`): the same station
/// program as the full screen (``KioskProgram``), asked as plain line prompts, for screen readers,
/// braille displays and terminals without cursor addressing. It is a second face, never a second
/// station: the program decides every transition (sessions, the plan, idle timeouts, the end
/// reasons, the privacy reset and its order); this face only prints the screen the program is on
/// as lines, turns typed replies into the program's messages, and carries out its commands: its
/// effects (the store, the audit log) at once, its timers as deadlines of the next read, its wipe
/// as the terminal's (typed-ahead input flushed, screen and scrollback cleared). A task is asked
/// in line prompts (``LineSession``) and its steps and end are handed back to the program.
///
/// Welcome waits for ever; on every other participant prompt the program's idle timeout runs: a
/// warning line with the seconds left, Enter (or any reply) extends it as the program's watch
/// allows, and at the end the session ends timed out. A reference, so that a task's line prompts
/// (which read through a plain closure) read through the station.
public final class KioskLineStation {
    /// The station program this face drives (the full screen's).
    public internal(set) var program: KioskProgram
    /// Reads a line before a deadline on ``clock`` (nil: no deadline); it may return `.timedOut`
    /// early (to let a signal be seen).
    let read: (Duration?) -> LineRead
    /// Writes text as it is (lines end with a newline).
    let output: (String) -> Void
    /// The terminal's part of the privacy reset: drops the typed-ahead input and clears the
    /// screen and its scrollback.
    let wipe: () -> Void
    /// The signal (SIGTERM, SIGHUP, ...) noted since the last call, if any.
    let takeSignal: () -> TerminalSignal?
    /// Waits between the moments of a timed task step (seconds).
    let sleep: (Double) -> Void
    /// The columns a task's lines are wrapped to.
    let width: Int
    /// The program's clock (the reader's deadlines are on it).
    let clock: MonotonicClock
    /// The program's timers: when each is due and what it then delivers.
    var timers: [TimerID: (due: Duration, message: KioskMessage)] = [:]
    /// True while the idle warning has been said and no reply has come since.
    var warned = false
    /// True once the program asked to stop (a signal, `endOfSession: exit`).
    var stopped = false
    /// True once input ended.
    var inputEnded = false
    /// The signal noted during a task, delivered once the task's prompts have stopped.
    var signalDuringTask: TerminalSignal?
    /// True when the task's prompt expired (its run ends by the partial-answer policy).
    var taskExpired = false

    /// A line face for `station` over `services`, its timeouts on `clock`, reading lines with
    /// `read` and writing with `output`; `wipe` is the terminal's privacy wipe, `takeSignal` the
    /// signals noted. A task's timed steps wait with `sleep`, and its lines are wrapped to `width`.
    /// `paused`: the station starts paused (staff paused it from the full screen's admin menu).
    public init(station: KioskStation, services: KioskServices, clock: MonotonicClock = .process,
                read: @escaping (Duration?) -> LineRead, output: @escaping (String) -> Void,
                wipe: @escaping () -> Void, takeSignal: @escaping () -> TerminalSignal? = { nil },
                sleep: @escaping (Double) -> Void = { Thread.sleep(forTimeInterval: $0) }, width: Int = 80, paused: Bool = false) {
        program = KioskProgram(station: station, services: services, size: Size(width: max(20, width), height: 24), clock: clock,
                               paused: paused)
        (self.read, self.output, self.wipe, self.takeSignal) = (read, output, wipe, takeSignal)
        (self.sleep, self.width, self.clock) = (sleep, max(20, width), clock)
    }

    /// Runs participant after participant until a signal, the end of input (the session showing
    /// ends `interrupted`, as on the full screen) or `endOfSession: exit`; returns how it ended.
    public func run() -> KioskProgram.Outcome {
        while !stopped, !inputEnded {
            if let signal = takeSignal() {
                deliver(.signalled(signal))
                continue
            }
            ask()
        }
        if inputEnded, !stopped { program.inputEnded() }
        return program.outcome ?? .signalled(.hangup)
    }

    /// Hands `message` to the program and carries out its commands.
    func deliver(_ message: KioskMessage) { perform(program.update(message)) }

    /// Carries out the program's commands in order; an effect's message goes to the program and
    /// its commands after those already waiting (as the full screen's loop does). The task
    /// screen's own messages and commands are not this face's (its task is asked in lines).
    func perform(_ commands: [Command<KioskMessage>]) {
        var waiting = commands[...]
        while let command = waiting.popFirst() {
            switch command {
            case .perform(let effect):
                guard let message = effect() else { continue }
                if case .task = message { continue }
                waiting += program.update(message)
            case .timer(let id, let after, let message):
                if case .task = message { continue }
                timers[id] = (clock.now() + after, message)
            case .cancelTimer(let id):
                timers[id] = nil
            case .wipeScreen:
                wipe()
                warned = false
            case .quit:
                stopped = true
            default:
                continue   // the full screen's and the task screen's; the admin menu is not offered here
            }
        }
    }
}
