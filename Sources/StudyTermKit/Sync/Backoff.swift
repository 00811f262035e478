import Foundation

/// How long a failed item waits before the app sends it again: doubling from 2 seconds up to
/// 15 minutes, with jitter (between half and all of that), so many stations that lost the
/// server at once do not all come back at the same instant.
struct Backoff: Sendable {
    /// The first wait.
    var base: TimeInterval = 2
    /// The longest wait.
    var cap: TimeInterval = 15 * 60

    /// The wait after the `attempt`th failure (1-based); `random` is in 0..<1.
    func delay(attempt: Int, random: Double) -> TimeInterval {
        let exponent = Double(min(max(attempt, 1) - 1, 30))
        let full = min(cap, base * pow(2, exponent))
        return full * (0.5 + 0.5 * random)
    }
}
