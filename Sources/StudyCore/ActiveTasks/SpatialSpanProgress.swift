/// Where a spatial span memory task stands: the current span, the sequences played, the
/// failures, and the longest span repeated right. Pure rules: a success grows the span by one
/// (up to the maximum), a failure shrinks it by one (down to the minimum); the task ends after
/// `maximumTests` sequences or `maximumConsecutiveFailures` failures in a row.
public struct SpatialSpanProgress: Sendable, Equatable, Codable {
    /// The rules in force.
    public let rules: SpatialSpanRules
    /// The next sequence's length.
    public private(set) var span: Int
    /// Sequences played.
    public private(set) var games = 0
    /// Sequences failed.
    public private(set) var failures = 0
    /// Failures since the last success.
    public private(set) var consecutiveFailures = 0
    /// The longest span repeated right (0 before any success): the task's score.
    public private(set) var bestSpan = 0

    /// A task at its start.
    public init(rules: SpatialSpanRules) {
        self.rules = rules
        span = rules.initialSpan
    }

    /// Whether the task has ended.
    public var isOver: Bool {
        games >= rules.maximumTests || consecutiveFailures >= rules.maximumConsecutiveFailures
    }

    /// Records one sequence's outcome and moves the span by the rules.
    public mutating func record(success: Bool) {
        guard !isOver else { return }
        games += 1
        if success {
            bestSpan = max(bestSpan, span)
            consecutiveFailures = 0
            span = min(span + 1, rules.maximumSpan)
        } else {
            failures += 1
            consecutiveFailures += 1
            span = max(span - 1, rules.minimumSpan)
        }
    }

    /// A sequence of `span` distinct cells of a grid of `cells`, from `generator`.
    public static func sequence(span: Int, cells: Int, using generator: inout SeededGenerator) -> [Int] {
        Array(Array(0..<cells).shuffled(using: &generator).prefix(min(span, cells)))
    }

    /// Whether `entered` repeats `shown` (in reverse when the rules ask for it).
    public func isRight(entered: [Int], shown: [Int]) -> Bool {
        entered == (rules.requireReversal ? shown.reversed() : shown)
    }
}
