/// The logic of one kind of timed task (reaction time, tapping, Stroop, ...): a pure state
/// machine driven by times on the loop's one monotonic clock. It never reads a clock or a
/// keyboard: ``TimedStepController`` tells it when it began, which key was read when, when the
/// frame it asked to be stamped reached the terminal, and when the wake-up it asked for came.
/// Each answer is a ``TimedEffect``: flush the input, stamp the next frame, wake at a time.
///
/// A kind must: show its stimulus by changing ``frame`` and returning an effect with
/// `flushInput` and `stampFrame` set; take the stimulus onset from ``framePresented(at:)`` (never
/// from the time it asked); take a key's time from ``keyRead(_:at:)``.
public protocol TimedTaskLogic: Sendable {
    /// Starts the round at `time`.
    mutating func begin(at time: Duration) -> TimedEffect
    /// A key (named as ``TimedKey`` names it) was read at `time`. Keys a kind does not use are
    /// ignored (return ``TimedEffect/none``).
    mutating func keyRead(_ key: String, at time: Duration) -> TimedEffect
    /// The frame stamped at the kind's request reached the terminal at `time` (its onset).
    mutating func framePresented(at time: Duration) -> TimedEffect
    /// The wake-up asked for is due; `time` is now.
    mutating func timerFired(at time: Duration) -> TimedEffect
    /// The participant paused (Esc) and resumed at `time`: the trial under way is void; start
    /// again from a clean state (a new foreperiod, the current hand again).
    mutating func resumed(at time: Duration) -> TimedEffect
    /// What the screen shows now.
    var frame: StimulusFrame { get }
    /// True once the round is over (the step then stores ``summary`` and ``trialRecords``).
    var isFinished: Bool { get }
    /// The summary values (exported one row each), in the order the task reports them.
    var summary: [MeasurementResult.Value] { get }
    /// One JSON object per trial (tap, move, game): the trial log, one NDJSON line each.
    var trialRecords: [JSONValue] { get }
    /// What a reader of the result must know about how it was measured; nil when nothing.
    var note: String? { get }
}

/// What a timed task asks of the screen after an input.
public struct TimedEffect: Sendable, Equatable {
    /// When to be woken next.
    public enum Wake: Sendable, Equatable {
        /// Keep the wake-up already asked for.
        case keep
        /// Cancel it.
        case cancel
        /// Wake at this time on the loop's clock (replacing any other).
        case at(Duration)
    }

    /// Drop the keys typed ahead before the next frame (before a stimulus).
    public var flushInput: Bool
    /// Report when the next frame reaches the terminal (the stimulus onset).
    public var stampFrame: Bool
    /// The next wake-up.
    public var wake: Wake
    /// Ring the bell (a wrong key in practice).
    public var bell: Bool

    /// An effect.
    public init(flushInput: Bool = false, stampFrame: Bool = false, wake: Wake = .keep, bell: Bool = false) {
        (self.flushInput, self.stampFrame, self.wake, self.bell) = (flushInput, stampFrame, wake, bell)
    }

    /// Nothing to do.
    public static let none = TimedEffect()

    /// Show a stimulus: flush the input, stamp the frame, no wake-up until the onset is known.
    public static let showStimulus = TimedEffect(flushInput: true, stampFrame: true, wake: .cancel)

    /// Wake at `time`.
    public static func wake(at time: Duration) -> TimedEffect { TimedEffect(wake: .at(time)) }
}

/// The names keys have for a timed task: a printable key is its character, lower-cased (" " for
/// the space bar); other keys are `enter`, `tab`, `backspace`, `up`, `down`, `left`, `right`.
public enum TimedKey {
    /// The space bar.
    public static let space = " "
    /// Enter.
    public static let enter = "enter"

    /// A key name as a task file writes it: `space` and `enter` spelled out, letters in any case.
    public static func normalized(_ written: String) -> String {
        switch written.lowercased() {
        case "space", " ": return space
        case "return", "enter": return enter
        default: return written.lowercased()
        }
    }

    /// How a key is shown in instructions ("Space", "F").
    public static func label(_ name: String) -> String {
        switch name {
        case space: return "Space"
        case enter: return "Enter"
        default: return name.uppercased()
        }
    }
}
