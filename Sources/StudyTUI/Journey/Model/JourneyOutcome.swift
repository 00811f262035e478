import Foundation
import TUIKit

/// Why the journey loop ended: what the executable should do next.
public enum JourneyOutcome: Sendable, Equatable {
    /// The participant quit.
    case quit
    /// Run this task on the same terminal, then re-enter the journey.
    case runTask(TaskLaunch)
    /// A termination signal arrived; exit with its status.
    case signalled(TerminalSignal)
}
