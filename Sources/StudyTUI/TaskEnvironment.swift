import Foundation
import StudyCore
import TUIKit

/// What a task screen needs from the outside world, as closures: the executable builds the
/// live one (files, clocks, speech); tests pass fakes. StudyTUI itself does no I/O.
public struct TaskEnvironment: Sendable {
    /// Wall-clock time for results and validation.
    public var now: @Sendable () -> Date
    /// The monotonic clock of timers and measured times: the event loop's own (never goes backwards).
    public var clock: MonotonicClock
    /// Writes the run's restoration snapshot durably, as it is handed over (encoded once, never
    /// decoded on the way); returns why when it could not. Called only by the autosave command
    /// the screen returns, never inside `update`.
    public var autosave: @Sendable (EncodedSnapshot) -> AutosaveFailure?
    /// Speaks a caption (`--speak`); a no-op by default.
    public var speak: @Sendable (String) -> Void
    /// The time zone answers are read in.
    public var timeZone: TimeZone
    /// Whether the terminal shows colours (false under `NO_COLOR` or on a monochrome terminal): a
    /// Stroop step without them shows its position-coded variant and says so in its result.
    public var colorsAvailable = true

    /// Monotonic seconds for timers, read from ``clock``.
    public var uptime: @Sendable () -> Double {
        let clock = clock
        return { clock.seconds() }
    }

    /// An environment whose monotonic time is `uptime` seconds (tests and tools that count in seconds).
    public init(now: @escaping @Sendable () -> Date, uptime: @escaping @Sendable () -> Double,
                autosave: @escaping @Sendable (EncodedSnapshot) -> AutosaveFailure? = { _ in nil },
                speak: @escaping @Sendable (String) -> Void = { _ in }, timeZone: TimeZone = .current) {
        self.init(now: now, clock: MonotonicClock { .seconds(uptime()) }, autosave: autosave, speak: speak, timeZone: timeZone)
    }

    /// An environment on `clock`, which should be the event loop's (`MonotonicClock.process` live).
    public init(now: @escaping @Sendable () -> Date, clock: MonotonicClock,
                autosave: @escaping @Sendable (EncodedSnapshot) -> AutosaveFailure? = { _ in nil },
                speak: @escaping @Sendable (String) -> Void = { _ in }, timeZone: TimeZone = .current) {
        self.now = now
        self.clock = clock
        self.autosave = autosave
        self.speak = speak
        self.timeZone = timeZone
    }
}
