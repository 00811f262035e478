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

    /// Draws only what the last update changed into `canvas`, a copy of the last frame whose
    /// hardware cursor was at `cursor`, when the program can tell exactly which cells those are
    /// (a character typed at the end of a text field: one cell and the cursor). Returns
    /// ``FrameChange/redraw`` to have the whole screen drawn with ``render(into:)`` instead.
    ///
    /// The loop asks only when exactly one update ran since the last frame. What is drawn must
    /// be what ``render(into:)`` would draw; debug builds check every such frame against it.
    func drawChanges(into canvas: inout Canvas, cursor: CursorPosition?) -> FrameChange

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
    public func drawChanges(into canvas: inout Canvas, cursor: CursorPosition?) -> FrameChange { .redraw }
}

/// What ``TerminalProgram/drawChanges(into:cursor:)`` did.
public enum FrameChange: Sendable, Equatable {
    /// Nothing: draw the whole screen.
    case redraw
    /// The changes are drawn, all within `rows`; the hardware cursor goes to `cursor` (nil hides it).
    case drawn(rows: Range<Int>, cursor: CursorPosition?)
}
