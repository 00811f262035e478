import Foundation

/// Monotonic time for timers, injectable so tests can drive it by hand.
public struct MonotonicClock: Sendable {
    /// Time elapsed since an arbitrary fixed origin; never goes backwards.
    public var now: @Sendable () -> Duration

    /// A clock from a `now` function.
    public init(now: @Sendable @escaping () -> Duration) {
        self.now = now
    }

    /// The system's continuous clock, with its origin at the time of the call.
    public static func continuous() -> MonotonicClock {
        let origin = ContinuousClock.now
        return MonotonicClock { origin.duration(to: ContinuousClock.now) }
    }
}
