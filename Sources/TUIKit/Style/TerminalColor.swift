import Foundation

/// One of the eight ANSI colours, or the terminal's own default.
public enum TerminalColor: String, Sendable, Hashable, Codable, CaseIterable {
    /// The terminal's default foreground or background.
    case `default`
    /// ANSI black (0).
    case black
    /// ANSI red (1).
    case red
    /// ANSI green (2).
    case green
    /// ANSI yellow (3).
    case yellow
    /// ANSI blue (4).
    case blue
    /// ANSI magenta (5).
    case magenta
    /// ANSI cyan (6).
    case cyan
    /// ANSI white (7).
    case white

    /// The ANSI colour number, or -1 for the terminal default (as curses' `use_default_colors`).
    public var ansiIndex: Int {
        switch self {
        case .default: -1
        case .black: 0
        case .red: 1
        case .green: 2
        case .yellow: 3
        case .blue: 4
        case .magenta: 5
        case .cyan: 6
        case .white: 7
        }
    }
}
