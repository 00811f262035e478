import Foundation
import TUIKit

/// Why the journey loop ended: what the executable should do next.
public enum JourneyOutcome: Sendable, Equatable {
    /// The participant quit.
    case quit
    /// Line mode with a timeout (a kiosk station): a prompt was left unanswered past its warning;
    /// the caller resets the session (`JourneyLineSession.reset()`) and goes on from welcome.
    case timedOut
    /// A termination signal arrived; exit with its status.
    case signalled(TerminalSignal)
}
