/// The parameters of a visual PASAT (PVSAT) step, with ResearchKit's defaults and limits
/// (`PSATTaskWithIdentifier`): a digit every interval, shown for a while, in a series.
public struct PASATParameters: Sendable, Equatable {
    /// Seconds from one digit to the next (ResearchKit: 1 to 5; 3 is the classic PASAT-3).
    public var interStimulusInterval = 3.0
    /// Seconds each digit stays on screen (0.2 to the interval).
    public var stimulusDuration = 1.0
    /// Additions asked for: the series has one digit more (3 to 120; ResearchKit's example uses 60).
    public var seriesLength = 60
    /// Additions in the practice round (0: none).
    public var practiceLength = 4

    /// The defaults.
    public init() {}

    /// What is wrong with these parameters; nil when they are valid.
    public var problem: String? {
        if !(1...5).contains(interStimulusInterval) { return "interStimulusInterval must be between 1 and 5 seconds" }
        if !(0.2...interStimulusInterval).contains(stimulusDuration) {
            return "stimulusDuration must be between 0.2 seconds and the interStimulusInterval"
        }
        if !(3...120).contains(seriesLength) { return "seriesLength must be between 3 and 120" }
        if !(0...20).contains(practiceLength) { return "practiceLength must be between 0 and 20" }
        return nil
    }

    /// The instructions about the keys.
    public var keyInstructions: String {
        "A digit appears every \(JSONValue.format(interStimulusInterval)) s. From the second on, type the sum of the last two "
            + "digits before the next one comes (for 3 then 5, type 8). Sums of two digits are sent as you type them."
    }

    /// The practice round's parameters (at least one addition).
    public var practice: PASATParameters {
        var p = self
        p.seriesLength = max(1, practiceLength)
        return p
    }

    /// The interval as a duration.
    var interval: Duration { .milliseconds(Int64((interStimulusInterval * 1000).rounded())) }
    /// The time a digit stays up, as a duration.
    var shown: Duration { .milliseconds(Int64((stimulusDuration * 1000).rounded())) }
}
