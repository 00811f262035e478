import Foundation

/// How long a failed item waits before the app sends it again: doubling from 2 seconds up to
/// one minute, with jitter (between half and all of that), so many stations that lost the server
/// at once do not all come back at the same instant, and an item is tried again at most a minute
/// after the server is back. A server's `Retry-After` (bounded) lengthens a wait, never past
/// ``longestServerWait``.
public struct Backoff: Sendable {
    /// The first wait.
    public var base: TimeInterval = 2
    /// The longest wait.
    public var cap: TimeInterval = 60
    /// The longest wait a server's `Retry-After` may ask for (one hour).
    public static let longestServerWait: TimeInterval = 3600

    /// The default waits.
    public init() {}

    /// The wait after the `attempt`th failure (1-based); `random` is in 0..<1 (clamped).
    public func delay(attempt: Int, random: Double) -> TimeInterval {
        let exponent = Double(min(max(attempt, 1) - 1, 30))
        let full = min(cap, base * pow(2, exponent))
        let jitter = random.isFinite ? min(max(random, 0), 1) : 1
        return full * (0.5 + 0.5 * jitter)
    }

    /// The wait after a failure, at least what the server asked for (bounded to an hour).
    public func delay(attempt: Int, random: Double, serverAsked seconds: Int?) -> TimeInterval {
        let own = delay(attempt: attempt, random: random)
        guard let seconds else { return own }
        return max(own, min(TimeInterval(seconds), Self.longestServerWait))
    }
}
