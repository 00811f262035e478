/// A random number generator that a seed fixes (SplitMix64), so a task's random foreperiods,
/// sequences and layouts can be stored as one seed and replayed exactly.
public struct SeededGenerator: RandomNumberGenerator, Sendable, Equatable {
    /// The seed the generator started from (stored with the result).
    public let seed: UInt64
    private var state: UInt64

    /// A generator started at `seed`.
    public init(seed: UInt64) {
        self.seed = seed
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
