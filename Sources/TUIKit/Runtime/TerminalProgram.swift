import Foundation

/// An Elm-style program: state, a pure update, a render function, and an event mapping.
///
/// The ``EventLoop`` turns each terminal event into a message with ``message(for:)``, calls
/// ``update(_:)``, runs the returned commands (feeding back any messages they produce), then
/// redraws the whole screen with ``render(into:)`` (or only the changes, with
/// ``drawChanges(into:cursor:)``, when the program can tell them) and presents it once.
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

    /// The rows the last update changed, when the program can tell exactly what changed there
    /// (a character typed at the end of a text field: one cell and the cursor) and draw it with
    /// ``drawChanges(into:cursor:)``; nil to have the whole screen drawn with ``render(into:)``.
    /// `cursor` is where the last frame's hardware cursor was.
    ///
    /// The loop asks only when exactly one update ran since the last frame.
    func changedRows(cursor: CursorPosition?) -> Range<Int>?

    /// Draws what the last update changed into `canvas`, a copy of the last frame, touching only
    /// the rows ``changedRows(cursor:)`` named; returns where the hardware cursor goes (nil hides
    /// it). The result must be what ``render(into:)`` would draw: debug builds check every such
    /// frame against it, and that nothing outside those rows changed.
    func drawChanges(into canvas: inout Canvas, cursor: CursorPosition?) -> CursorPosition?

    /// Maps a terminal event to a message; nil ignores it. Usually a ``KeyMap`` lookup.
    ///
    /// Resize events are also handled by the loop itself (a new canvas size). A `.signal`
    /// always ends the loop after its message, if any, has been handled.
    func message(for event: TerminalEvent) -> Message?
}

extension TerminalProgram {
    /// No initial commands.
    public var initialCommands: [Command<Message>] { [] }

    /// Every frame is drawn whole.
    public func changedRows(cursor: CursorPosition?) -> Range<Int>? { nil }

    /// Never asked (no rows are ever named): the cursor stays.
    public func drawChanges(into canvas: inout Canvas, cursor: CursorPosition?) -> CursorPosition? { cursor }
}
