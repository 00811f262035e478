import Foundation

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
