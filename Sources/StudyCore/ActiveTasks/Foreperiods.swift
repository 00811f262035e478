/// Random foreperiods (the wait before each stimulus), uniform between a minimum and a maximum in
/// whole milliseconds, from a seeded generator so a run can be replayed from its seed.
public struct Foreperiods: Sendable, Equatable {
    /// The shortest wait.
    public let minimum: Duration
    /// The longest wait.
    public let maximum: Duration
    private var generator: SeededGenerator

    /// Foreperiods between `minimum` and `maximum` (swapped when given the wrong way round).
    public init(minimum: Duration, maximum: Duration, seed: UInt64) {
        self.minimum = min(minimum, maximum)
        self.maximum = max(minimum, maximum)
        generator = SeededGenerator(seed: seed)
    }

    /// The seed (stored with the result).
    public var seed: UInt64 { generator.seed }

    /// The next foreperiod.
    public mutating func next() -> Duration {
        let low = Int64(minimum.milliseconds.rounded()), high = Int64(maximum.milliseconds.rounded())
        return .milliseconds(Int64.random(in: low...high, using: &generator))
    }
}
