/// The parameters of spatial span memory, with ResearchKit's defaults (`spatialSpanMemoryTask`):
/// a sequence of grid cells lights up and the participant repeats it; the span grows by one after
/// a success and shrinks by one after a failure, within its bounds.
public struct SpatialSpanRules: Sendable, Equatable, Codable {
    /// The first sequence's length (≥ 2).
    public var initialSpan = 3
    /// The shortest sequence (≥ 2).
    public var minimumSpan = 2
    /// The longest sequence (≤ 20).
    public var maximumSpan = 15
    /// Seconds each cell stays lit (0.5 to 20).
    public var playSpeed = 1.0
    /// Sequences in all (≥ 1).
    public var maximumTests = 5
    /// Failures in a row that end the task (≥ 1).
    public var maximumConsecutiveFailures = 3
    /// Whether the sequence is repeated in reverse order.
    public var requireReversal = false

    /// ResearchKit's defaults.
    public init() {}

    /// What is wrong with these parameters, in ResearchKit's limits; nil when they are valid.
    public var problem: String? {
        if minimumSpan < 2 { return "minimumSpan must be at least 2" }
        if !(minimumSpan...maximumSpan).contains(initialSpan) {
            return "initialSpan must be between minimumSpan and maximumSpan"
        }
        if maximumSpan > 20 { return "maximumSpan must be at most 20" }
        if !(0.5...20).contains(playSpeed) { return "playSpeed must be between 0.5 and 20 seconds" }
        if maximumTests < 1 { return "maximumTests must be at least 1" }
        if maximumConsecutiveFailures < 1 { return "maximumConsecutiveFailures must be at least 1" }
        return nil
    }
}
