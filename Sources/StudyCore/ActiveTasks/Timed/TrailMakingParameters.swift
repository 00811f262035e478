/// The parameters of a trail making step (ResearchKit's `trailmakingTask`, keyboard variant): the
/// part and the number of targets (where they stand on the board comes from the step's seed).
public struct TrailMakingParameters: Sendable, Equatable {
    /// Part A (1, 2, 3 …) or B (1, A, 2, B …).
    public var trailType = TrailMaking.Part.a
    /// Targets on the board (ResearchKit uses 13).
    public var numberOfTargets = 13
    /// Targets in the practice round (0: none).
    public var practiceTargets = 5

    /// The defaults.
    public init() {}

    /// The board's columns of places.
    public static let boardColumns = 6
    /// The board's rows of places.
    public static let boardRows = 5

    /// What is wrong with these parameters; nil when they are valid.
    public var problem: String? {
        let places = Self.boardColumns * Self.boardRows
        if !(3...places).contains(numberOfTargets) { return "numberOfTargets must be between 3 and \(places)" }
        if !(0...10).contains(practiceTargets) { return "practiceTargets must be between 0 and 10" }
        return nil
    }

    /// The instructions about the keys.
    public var keyInstructions: String {
        let order = trailType == .a ? "1, 2, 3 and so on" : "alternating numbers and letters: 1, A, 2, B, 3, C and so on"
        return "Labels are spread over the screen. Type them in order, \(order), as fast as you can. "
            + "A label that is not the next one counts as an error."
    }

    /// The practice round's parameters (at least three targets).
    public var practice: TrailMakingParameters {
        var p = self
        p.numberOfTargets = max(3, practiceTargets)
        return p
    }
}
