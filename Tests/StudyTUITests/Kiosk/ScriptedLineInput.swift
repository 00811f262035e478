import Foundation
import StudyTUI
import TUIKit

/// Scripted input for a station's line face, on a manual clock: typed lines, stretches of time in
/// which nobody types (the clock moves to each deadline the reader waits for, so timers fire), and
/// signals. The transcript records what the face wrote, with `[WIPE]` where it wiped the terminal.
final class ScriptedLineInput: @unchecked Sendable {
    /// One thing that happens.
    enum Step {
        /// A line typed (without its break).
        case line(String)
        /// Nobody types for this long.
        case idle(Duration)
        /// A signal arrives (SIGTERM, SIGHUP).
        case signal(TerminalSignal)
    }

    /// The marker of a wipe in the transcript.
    static let wipeMark = "[WIPE]"

    /// What is left to happen.
    private var steps: [Step]
    /// When the idle stretch under way ends.
    private var idleEnd: Duration?
    /// The signal arrived and not yet taken.
    private var signal: TerminalSignal?
    /// The clock the face's deadlines are on.
    let clock: ManualClock
    /// Everything written, with wipe markers.
    private(set) var transcript = ""

    /// Input following `steps` on `clock`; after the last step input ends.
    init(_ steps: [Step], clock: ManualClock) {
        self.steps = steps
        self.clock = clock
    }

    /// The reader: the next line, or `.timedOut` at the deadline (the clock moved to it), or the end.
    func read(until deadline: Duration?) -> LineRead {
        while let step = steps.first {
            switch step {
            case .line(let line):
                steps.removeFirst()
                return .line(line)
            case .signal(let caught):
                steps.removeFirst()
                signal = caught
                return .timedOut
            case .idle(let duration):
                let end = idleEnd ?? clock.now + duration
                idleEnd = end
                if let deadline, deadline < end {
                    clock.advance(by: deadline - clock.now)
                    return .timedOut
                }
                clock.advance(by: end - clock.now)
                idleEnd = nil
                steps.removeFirst()
            }
        }
        return .ended
    }

    /// The signal that arrived, once.
    func takeSignal() -> TerminalSignal? {
        defer { signal = nil }
        return signal
    }

    /// Records written text.
    func write(_ text: String) { transcript += text }

    /// Records a wipe.
    func wipe() { transcript += Self.wipeMark }

    /// The transcript after the last wipe.
    var afterLastWipe: String {
        guard let range = transcript.range(of: Self.wipeMark, options: .backwards) else { return transcript }
        return String(transcript[range.upperBound...])
    }

    /// How many wipes there were.
    var wipes: Int { transcript.components(separatedBy: Self.wipeMark).count - 1 }
}
