import Foundation
import StudyCore
import TUIKit
@testable import StudyTUI

/// A fake line reader over a fake monotonic clock: each scripted reply comes after a pause from
/// the moment it is waited for. A read whose deadline comes before the reply moves the clock to
/// the deadline and times out (the rest of the pause is waited at the next read); silence waits
/// for ever; the end of the script is the end of input. It records the deadline of every read.
final class ScriptedLineReader: @unchecked Sendable {
    /// One scripted moment.
    enum Step {
        /// `text` is typed `after` the previous step.
        case reply(String, after: Duration)
        /// Nothing more is typed.
        case silence
    }

    private let lock = NSLock()
    private var steps: [Step]
    private var clock: Duration = .seconds(1000)
    private var deadlines: [Duration?] = []

    init(_ steps: [Step]) { self.steps = steps }

    /// Replies typed at once, one after another.
    convenience init(lines: [String]) { self.init(lines.map { .reply($0, after: .zero) }) }

    /// The time on the fake clock.
    var now: Duration { lock.withLock { clock } }
    /// The deadline of every read so far (nil: none).
    var deadlinesAsked: [Duration?] { lock.withLock { deadlines } }

    /// Replaces what is still to come with `steps`.
    func script(_ steps: [Step]) { lock.withLock { self.steps = steps } }

    /// Reads as `(deadline) -> LineRead`.
    func read(_ deadline: Duration?) -> LineRead {
        lock.withLock {
            deadlines.append(deadline)
            guard let step = steps.first else { return .ended }
            switch step {
            case .silence:
                guard let deadline else { return .ended }   // silence with no deadline would hang: the input ends
                clock = max(clock, deadline)
                return .timedOut
            case .reply(let text, let after):
                if let deadline, clock + after > deadline {
                    let waited = max(.zero, deadline - clock)
                    clock = max(clock, deadline)
                    steps[0] = .reply(text, after: after - waited)
                    return .timedOut
                }
                clock += after
                steps.removeFirst()
                return .line(text)
            }
        }
    }

    /// A timeout on this reader's clock.
    func timeout(limit: Duration = .seconds(120), warning: Duration = .seconds(30), extensions: Int = 10,
                 partialAnswers: PartialAnswerPolicy = .keep) throws -> LinePromptTimeout {
        try LinePromptTimeout(limit: limit, warning: warning, extensions: extensions, partialAnswers: partialAnswers, clock: MonotonicClock { self.now })
    }
}
