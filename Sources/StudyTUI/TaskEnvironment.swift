import Foundation
import StudyCore

/// What a task screen needs from the outside world, as closures: the executable builds the
/// live one (files, clocks, speech); tests pass fakes. StudyTUI itself does no I/O.
public struct TaskEnvironment: Sendable {
    /// Wall-clock time for results and validation.
    public var now: @Sendable () -> Date
    /// Monotonic seconds for timers (never goes backwards).
    public var uptime: @Sendable () -> Double
    /// Writes the run's restoration snapshot durably, as it is handed over (encoded once, never
    /// decoded on the way); returns why when it could not. Called only by the autosave command
    /// the screen returns, never inside `update`.
    public var autosave: @Sendable (EncodedSnapshot) -> AutosaveFailure?
    /// Speaks a caption (`--speak`); a no-op by default.
    public var speak: @Sendable (String) -> Void
    /// The time zone answers are read in.
    public var timeZone: TimeZone

    public init(now: @escaping @Sendable () -> Date, uptime: @escaping @Sendable () -> Double,
                autosave: @escaping @Sendable (EncodedSnapshot) -> AutosaveFailure? = { _ in nil },
                speak: @escaping @Sendable (String) -> Void = { _ in }, timeZone: TimeZone = .current) {
        self.now = now
        self.uptime = uptime
        self.autosave = autosave
        self.speak = speak
        self.timeZone = timeZone
    }
}
