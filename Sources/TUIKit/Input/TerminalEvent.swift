import Foundation

/// Something the terminal reports to the event loop.
public enum TerminalEvent: Sendable, Hashable {
    /// A key was pressed.
    case key(Key)
    /// The terminal now has this many columns and rows.
    case resize(width: Int, height: Int)
    /// A mouse button was pressed at a cell (column `x`, row `y`).
    case mouse(x: Int, y: Int, button: MouseButton)
    /// A termination signal arrived; the app should save and quit.
    case signal(TerminalSignal)
    /// The wait timed out with no input (timers may be due).
    case tick
}
