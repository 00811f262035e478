/// The scoring of the paced serial addition test (PASAT / PVSAT): a digit every interval, and the
/// participant answers the sum of the last two. As ResearchKit's `ORKPSATResult`: right answers,
/// dyads (two right answers in a row), and each sample's time (the answer's latency, or the
/// interval when no answer came).
public struct PASATScoring: Sendable, Equatable, Codable {
    /// One digit after the first, and what was answered to it.
    public struct Sample: Sendable, Equatable, Codable {
        /// The digit shown.
        public var digit: Int
        /// The right answer: this digit plus the one before.
        public var expected: Int
        /// The answer given, if any.
        public var answer: Int?
        /// Whether the answer was right.
        public var correct: Bool
        /// Milliseconds from the digit's onset to the answer, or the interval when none came.
        public var timeMs: Double
    }

    /// The first digit (it has no sum).
    public var initialDigit: Int
    /// The samples, in order.
    public var samples: [Sample]

    /// Scores `digits` (the first included) against `answers`, one per later digit (nil: none
    /// came), with their latencies; `interval` stands for a missing answer's time.
    public init(digits: [Int], answers: [(answer: Int, latency: Duration)?], interval: Duration) {
        initialDigit = digits.first ?? 0
        samples = digits.indices.dropFirst().map { i in
            let expected = digits[i - 1] + digits[i]
            let given = i - 1 < answers.count ? answers[i - 1] : nil
            return Sample(digit: digits[i], expected: expected, answer: given?.answer,
                          correct: given?.answer == expected,
                          timeMs: (given?.latency ?? interval).milliseconds)
        }
    }

    /// Right answers.
    public var totalCorrect: Int { samples.filter(\.correct).count }

    /// Pairs of right answers in a row (ResearchKit's `totalDyad`).
    public var totalDyad: Int {
        zip(samples, samples.dropFirst()).filter { $0.correct && $1.correct }.count
    }
}
