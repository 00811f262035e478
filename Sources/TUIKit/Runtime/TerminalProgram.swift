import Foundation

/// An Elm-style program: state, a pure update, a render function, and an event mapping.
///
/// The ``EventLoop`` turns each terminal event into a message with ``message(for:)``, calls
/// ``update(_:)``, runs the returned commands (feeding back any messages they produce), then draws
/// the whole screen with ``render(into:)`` into an off-screen canvas and presents it once; the
/// terminal writes only the cells that differ from what it shows. `render` is the only code that
/// draws.
public protocol TerminalProgram {
    /// What can happen to the program; name cases after events (`keyPressed`, `countdownTicked`).
    associatedtype Message: Sendable

    /// Commands to run before the first frame (start timers, load data).
    var initialCommands: [Command<Message>] { get }

    /// Applies one message to the state and returns what to do next. Must not perform I/O.
    mutating func update(_ message: Message) -> [Command<Message>]

    /// Draws the whole screen into a blank canvas of the terminal's size.
    ///
    /// - Returns: where the hardware cursor goes (absolute), or nil to hide it.
    func render(into canvas: inout Canvas) -> CursorPosition?

    /// Maps a terminal event to a message; nil ignores it. Usually a ``KeyMap`` lookup.
    ///
    /// Resize events are also handled by the loop itself (a new canvas size). A `.signal`
    /// always ends the loop after its message, if any, has been handled.
    func message(for event: TerminalEvent) -> Message?

    /// Maps an event to a message knowing when it was read: `time` is the loop's monotonic clock
    /// read as soon as the terminal returned the event (a key's time is when the program read it).
    /// The default ignores the time and asks ``message(for:)``; a timed step overrides this one.
    func message(for event: TerminalEvent, readAt time: Duration) -> Message?
}

extension TerminalProgram {
    /// No initial commands.
    public var initialCommands: [Command<Message>] { [] }

    /// The untimed mapping, ``message(for:)``.
    public func message(for event: TerminalEvent, readAt time: Duration) -> Message? {
        message(for: event)
    }
}
