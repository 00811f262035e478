import Foundation

/// The process signals a terminal app must survive long enough to save and restore the screen.
public enum TerminalSignal: Sendable, Hashable {
    /// SIGINT sent by `kill` (Ctrl-C in raw mode is a key, not this).
    case interrupt
    /// SIGTERM.
    case terminate
    /// SIGHUP: the terminal went away.
    case hangup
    /// Any other signal that would end the process (SIGQUIT, SIGUSR1, SIGALRM, SIGXCPU, SIGPWR, a
    /// real-time signal, ...), by number.
    case other(Int32)
}

extension TerminalSignal {
    /// The conventional shell exit status after this signal: 128 + the signal number.
    public var exitStatus: Int32 {
        switch self {
        case .interrupt: 130
        case .terminate: 143
        case .hangup: 129
        case .other(let number): 128 + number
        }
    }
}
