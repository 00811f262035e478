/// Spots a key-repeat burst: the same key again and again sooner than a finger can press it,
/// which is the terminal repeating a held key (a terminal has no key-up events). A timed step
/// that sees one cannot trust its key times, so it stops and says why.
public struct KeyRepeatGuard: Sendable, Equatable {
    /// Same-key presses closer together than this are a key repeating.
    public static let threshold: Duration = TappingCount.repeatThreshold
    /// How many repeats in a row make a burst.
    public static let burstLength = TappingCount.burstLength

    private var lastKey: String?
    private var lastTime: Duration?
    private var run = 0

    /// No key seen yet.
    public init() {}

    /// Notes `key` read at `time`; true when it completes a burst.
    public mutating func keyRead(_ key: String, at time: Duration) -> Bool {
        if key == lastKey, let lastTime, time - lastTime < Self.threshold { run += 1 } else { run = 0 }
        lastKey = key
        lastTime = time
        return run >= Self.burstLength
    }
}
