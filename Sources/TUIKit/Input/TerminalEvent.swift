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

/// Which mouse button or wheel movement a ``TerminalEvent/mouse(x:y:button:)`` reports.
public enum MouseButton: Sendable, Hashable {
    /// The primary (usually left) button.
    case left
    /// The middle button.
    case middle
    /// The secondary (usually right) button.
    case right
    /// Wheel rolled up.
    case scrollUp
    /// Wheel rolled down.
    case scrollDown
}

/// The process signals a terminal app must survive long enough to save and restore the screen.
public enum TerminalSignal: Sendable, Hashable {
    /// SIGINT sent by `kill` (Ctrl-C in raw mode is a key, not this).
    case interrupt
    /// SIGTERM.
    case terminate
    /// SIGHUP: the terminal went away.
    case hangup
}

extension TerminalSignal {
    /// The conventional shell exit status after this signal: 128 + the signal number.
    public var exitStatus: Int32 {
        switch self {
        case .interrupt: 130
        case .terminate: 143
        case .hangup: 129
        }
    }
}
