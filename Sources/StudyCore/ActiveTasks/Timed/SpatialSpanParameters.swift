/// The parameters of a spatial span memory step: ResearchKit's rules (`spatialSpanMemoryTask`)
/// plus the grid, whose cells are labelled a, b, c … row by row.
public struct SpatialSpanParameters: Sendable, Equatable {
    /// The span rules (initial, minimum and maximum span, play speed, tests, failures, reversal).
    public var rules = SpatialSpanRules()
    /// Columns of the grid.
    public var columns = 4
    /// Rows of the grid.
    public var rows = 4
    /// Sequences in the practice round (0: none).
    public var practiceGames = 1

    /// The defaults.
    public init() {}

    /// Cells in the grid.
    public var cells: Int { columns * rows }

    /// What is wrong with these parameters; nil when they are valid.
    public var problem: String? {
        if let p = rules.problem { return p }
        if !(2...6).contains(columns) || !(2...6).contains(rows) { return "columns and rows must be between 2 and 6" }
        if cells > 26 { return "the grid must have at most 26 cells (one letter each)" }
        if rules.maximumSpan > cells { return "maximumSpan must be at most the number of cells (\(cells))" }
        if !(0...5).contains(practiceGames) { return "practiceGames must be between 0 and 5" }
        return nil
    }

    /// The instructions about the keys.
    public var keyInstructions: String {
        let order = rules.requireReversal ? "in the reverse order" : "in the same order"
        return "Squares of the grid light up one after another. Then choose them \(order): type their letters, "
            + "or move with the arrow keys and press Enter."
    }

    /// The practice round's parameters: as these, for the practice's games, never ending early.
    public var practice: SpatialSpanParameters {
        var p = self
        p.rules.maximumTests = max(1, practiceGames)
        p.rules.maximumConsecutiveFailures = max(1, practiceGames)
        return p
    }

    /// The label of cell `index`: a, b, c … row by row.
    public static func label(_ index: Int) -> String {
        String(UnicodeScalar(UInt8(97 + index)))
    }
}
