import TUIKit

/// Why a task screen stopped.
public enum ScreenExit: Sendable, Equatable {
    /// The run finished (completed, saved, discarded, failed, ended early or timed out): see its finish reason.
    case finished
    /// A termination signal arrived; the run was saved first.
    case signalled(TerminalSignal)
}
