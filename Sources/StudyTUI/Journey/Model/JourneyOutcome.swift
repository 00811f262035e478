import Foundation
import TUIKit

/// Why the journey loop ended: what the executable should do next.
public enum JourneyOutcome: Sendable, Equatable {
    /// The participant quit.
    case quit
    /// Line mode: ask this task in line prompts, then start a new session.
    case runTask(TaskLaunch)
    /// A termination signal arrived; exit with its status.
    case signalled(TerminalSignal)
}
