import Foundation
import StudyCore
import TUIKit

/// The idle timeout of line prompts (a kiosk station's): each prompt expires `limit` after it was
/// asked unless a line comes, with one warning line `warning` before the end; Enter during the
/// warning extends it (WCAG 2.2.1), at most `extensions` times a prompt. The timing rules are
/// ``IdleWatch``'s; times are durations since the origin of the monotonic `clock`, the clock the
/// line reader's deadlines are on (live: `MonotonicClock.process`).
public struct LinePromptTimeout: Sendable {
    /// Time without a line before a prompt expires.
    public let limit: Duration
    /// How long before the end the warning is said.
    public let warning: Duration
    /// How many times Enter during the warning extends one prompt.
    public let extensions: Int
    /// What becomes of a task's answers when its prompt expires: kept (the run is saved and
    /// recorded as saved) or discarded (recorded as discarded, nothing kept).
    public let partialAnswers: PartialAnswerPolicy
    /// The monotonic clock (the reader's deadlines are on it).
    public let clock: MonotonicClock

    /// A timeout; throws when its timing breaks WCAG 2.2.1 (as ``IdleWatch`` would).
    public init(limit: Duration, warning: Duration = .seconds(30), extensions: Int = IdleWatch.minimumExtensions,
                partialAnswers: PartialAnswerPolicy = .keep, clock: MonotonicClock) throws(IdleWatch.Problem) {
        _ = try IdleWatch(limit: limit, warning: warning, extensions: extensions, start: .zero)
        self.limit = limit
        self.warning = warning
        self.extensions = extensions
        self.partialAnswers = partialAnswers
        self.clock = clock
    }

    /// A station's screen timeout, warning and extensions (its per-step overrides are not applied
    /// to line prompts) and its partial-answer policy; throws when the timing breaks WCAG 2.2.1.
    public init(_ timeouts: KioskTimeouts, partialAnswers: PartialAnswerPolicy, clock: MonotonicClock) throws(IdleWatch.Problem) {
        try self.init(limit: .seconds(timeouts.screenSeconds), warning: .seconds(timeouts.warningSeconds),
                      extensions: timeouts.maxExtensions, partialAnswers: partialAnswers, clock: clock)
    }

    /// The watch of a prompt asked at `start`.
    func watch(from start: Duration) -> IdleWatch {
        do { return try IdleWatch(limit: limit, warning: warning, extensions: extensions, start: start) } catch {
            preconditionFailure("the timing was checked when the timeout was made: \(error)")
        }
    }

    /// The warning said when no reply has come `seconds` before the prompt expires.
    static func warningLine(seconds: Int) -> String {
        "No answer yet: this will end in \(seconds) second\(seconds == 1 ? "" : "s"). Press Enter to keep going."
    }
}
