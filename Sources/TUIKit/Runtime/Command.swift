import Foundation

/// What a program asks the event loop to do after an update. Commands run in order.
public enum Command<Message: Sendable>: Sendable {
    /// End the loop once the current messages are handled; the last frame is still presented.
    case quit
    /// Ring the terminal bell.
    case bell
    /// Wipe the screen, the terminal's scrollback and the typed-ahead input (``Terminal/wipe()``)
    /// now, so the next frame starts on a clean terminal: the kiosk's privacy reset between people.
    case wipeScreen
    /// Drop the input typed ahead but not yet read (``Terminal/flushInput()``): a timed step does
    /// this before it shows a stimulus, so an early key cannot count as a response.
    case flushInput
    /// Deliver the message `stamp` makes of the time the next frame reached the terminal: the
    /// loop's monotonic clock read right after the terminal's write returned (after `doupdate`).
    /// Opt-in per frame, for a stimulus's onset.
    case whenPresented(@Sendable (Duration) -> Message)
    /// Deliver `message` after `after` has elapsed on the loop's clock (one shot).
    ///
    /// A tick cannot be cancelled; a timer that may be replaced or cancelled is ``timer(_:after:_:)``.
    case tick(after: Duration, Message)
    /// Deliver `message` after `after` has elapsed on the loop's clock, under `id`: a timer already
    /// pending under that id is replaced (its message is never delivered), so restarting an idle
    /// timer on every key leaves one pending timer, not one per key.
    case timer(TimerID, after: Duration, Message)
    /// Cancel the timer pending under this id, if any: its message is never delivered.
    case cancelTimer(TimerID)
    /// Run a side effect synchronously now, before the next frame, and deliver its message, if
    /// any. Only for what must be done before the participant sees the next screen (the durable
    /// autosave) or is instant; anything that can wait on a disk or a network is ``work(_:_:)``.
    case perform(@Sendable () -> Message?)
    /// Run `operation` off the loop (a Swift task) and deliver its message when it finishes. The
    /// screen keeps drawing and keys keep working meanwhile. Work under an id that is already
    /// running cancels that one first (its message is never delivered).
    case work(WorkID, @Sendable () async -> Message)
    /// Cancel the work running under this id, if any: its task is cancelled and its message, should
    /// it still finish, is dropped. A screen cancels its work when the participant leaves it; all
    /// work is cancelled when the loop ends.
    case cancel(WorkID)
}

/// The name of a piece of asynchronous work (``Command/work(_:_:)``), to replace or cancel it.
public struct WorkID: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// What the work does, such as "lookUp" or "reload".
    public var name: String

    /// The work named `name`.
    public init(_ name: String) { self.name = name }

    /// The work named by the literal.
    public init(stringLiteral name: String) { self.name = name }

    /// The name.
    public var description: String { name }
}

extension Command {
    /// The same command for a parent program whose messages wrap this program's: a child screen's
    /// commands, run by the parent's loop (the task screen inside the journey).
    public func map<Parent: Sendable>(_ wrap: @escaping @Sendable (Message) -> Parent) -> Command<Parent> {
        switch self {
        case .quit: .quit
        case .bell: .bell
        case .wipeScreen: .wipeScreen
        case .flushInput: .flushInput
        case .whenPresented(let stamp): .whenPresented { wrap(stamp($0)) }
        case .tick(let after, let message): .tick(after: after, wrap(message))
        case .timer(let id, let after, let message): .timer(id, after: after, wrap(message))
        case .cancelTimer(let id): .cancelTimer(id)
        case .perform(let effect): .perform { effect().map(wrap) }
        case .work(let id, let operation): .work(id) { wrap(await operation()) }
        case .cancel(let id): .cancel(id)
        }
    }
}
