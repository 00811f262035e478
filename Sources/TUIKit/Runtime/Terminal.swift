import Foundation

/// The seam between the event loop and a real or simulated terminal.
///
/// A terminal is used from one thread only. `close()` restores the real terminal and must be
/// safe to call more than once; call it on every exit path before printing anything.
public protocol Terminal: AnyObject {
    /// The current size in cells.
    var size: Size { get }
    /// Whether the terminal shows colours (false under `NO_COLOR` or on monochrome terminals).
    var colorsAvailable: Bool { get }
    /// Shows `canvas` as the new screen; `cursor` nil hides the hardware cursor, otherwise it is
    /// placed there (screen readers and Braille displays follow it).
    func present(_ canvas: Canvas, cursor: CursorPosition?)
    /// Waits for the next event: `.tick` when `timeout` passes first, nil once input has ended.
    /// A nil `timeout` waits as long as it takes.
    func nextEvent(timeout: Duration?) -> TerminalEvent?
    /// Wipes what a previous person could see or have typed: the screen, the terminal's scrollback
    /// (where it has one that a program can clear) and the input typed ahead but not yet read. The
    /// next ``present(_:cursor:)`` draws every cell again.
    func wipe()
    /// Drops the input typed ahead but not yet read.
    func flushInput()
    /// Rings the bell (audible or visual, as the terminal is set up).
    func bell()
    /// Restores the terminal; idempotent.
    func close()
}
