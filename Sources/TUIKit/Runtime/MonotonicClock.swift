import Foundation

/// Monotonic time for timers, injectable so tests can drive it by hand.
public struct MonotonicClock: Sendable {
    /// Time elapsed since an arbitrary fixed origin; never goes backwards.
    public var now: @Sendable () -> Duration

    /// A clock from a `now` function.
    public init(now: @Sendable @escaping () -> Duration) {
        self.now = now
    }

    /// The process's one monotonic clock: the continuous clock from its first use. The event loop
    /// and the live task environment both read it by default, so a key's read time, a frame's
    /// presentation time and a step's timer are measured on the same clock from the same origin.
    public static let process: MonotonicClock = .continuous()

    /// Seconds since the origin, with the fraction (for code that counts in seconds).
    public func seconds() -> Double {
        let (whole, attoseconds) = now().components
        return Double(whole) + Double(attoseconds) / 1e18
    }

    /// The system's continuous clock, with its origin at the time of the call.
    public static func continuous() -> MonotonicClock {
        let origin = ContinuousClock.now
        return MonotonicClock { origin.duration(to: ContinuousClock.now) }
    }
}
