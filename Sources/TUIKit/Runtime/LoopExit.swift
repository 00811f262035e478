import Foundation

/// Why ``EventLoop/run()`` returned.
public enum LoopExit: Sendable, Hashable {
    /// The program returned ``Command/quit``.
    case quit
    /// A termination signal arrived (the program saw it as an event first).
    case signal(TerminalSignal)
    /// The terminal reported that input has ended.
    case inputEnded
}
