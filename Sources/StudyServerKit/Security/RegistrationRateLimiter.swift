import Foundation

/// Registration attempts per client address: a token bucket of `burst` attempts, refilled at
/// `perMinute`. In memory, per server process (several processes behind a proxy each keep
/// their own; the README says so).
actor RegistrationRateLimiter {
    /// One address's bucket.
    private struct Bucket {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    /// Attempts allowed at once.
    let burst: Double
    /// Attempts regained per minute.
    let perMinute: Double
    private var buckets: [String: Bucket] = [:]
    private let clock = ContinuousClock()

    /// A limiter.
    init(burst: Int, perMinute: Int) {
        self.burst = Double(max(1, burst))
        self.perMinute = Double(max(1, perMinute))
    }

    /// Takes one attempt for `address`; nil when allowed, else the seconds to wait.
    func attempt(from address: String) -> Int? {
        let now = clock.now
        var bucket = buckets[address] ?? Bucket(tokens: burst, updated: now)
        let elapsed = Double((now - bucket.updated).components.seconds) + Double((now - bucket.updated).components.attoseconds) / 1e18
        bucket.tokens = min(burst, bucket.tokens + elapsed * perMinute / 60)
        bucket.updated = now
        defer {
            buckets[address] = bucket
            if buckets.count > 10_000 { prune(now: now) }
        }
        guard bucket.tokens >= 1 else { return Int(((1 - bucket.tokens) * 60 / perMinute).rounded(.up)) }
        bucket.tokens -= 1
        return nil
    }

    /// Forgets addresses whose bucket has filled up again.
    private func prune(now: ContinuousClock.Instant) {
        let refill = Duration.seconds(burst * 60 / perMinute)
        buckets = buckets.filter { now - $0.value.updated < refill }
    }
}
