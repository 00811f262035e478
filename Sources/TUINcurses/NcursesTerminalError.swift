import Foundation

/// Why the curses terminal could not be opened.
public enum NcursesTerminalError: Error, Sendable, Hashable, CustomStringConvertible {
    /// stdin or stdout is not a terminal (a pipe or a file).
    case notATerminal
    /// terminfo has no entry for `TERM`.
    case unknownTerminalType(String)

    /// A one-line explanation for the user.
    public var description: String {
        switch self {
        case .notATerminal: "standard input and output must be a terminal"
        case .unknownTerminalType(let term): "unknown terminal type \"\(term)\" (check TERM)"
        }
    }
}
