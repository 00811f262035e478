/// What spatial span shows: the grid of lettered cells (the lit one reversed while the sequence
/// plays; the cursor reversed and the chosen cells bold while the participant repeats it), and a
/// line that says what to do or how the sequence went.
extension SpatialSpanTask {
    /// The frame now.
    public var frame: StimulusFrame {
        var lines: [StimulusLine] = []
        let chosen = Set(self.chosen)
        for row in 0..<parameters.rows {
            var runs: [StimulusRun] = []
            for column in 0..<parameters.columns {
                let cell = row * parameters.columns + column
                if column > 0 { runs.append(StimulusRun(" ")) }
                runs.append(StimulusRun("  " + SpatialSpanParameters.label(cell) + "  ", ink: ink(of: cell, chosen: chosen)))
            }
            lines.append(StimulusLine(runs: runs))
        }
        lines.append(contentsOf: guidance)
        return StimulusFrame(lines: lines, status: status)
    }

    /// How cell `cell` is drawn now.
    func ink(of cell: Int, chosen: Set<Int>) -> StimulusInk {
        switch phase {
        case .showing: return litCell == cell ? .highlight : .dim
        case .answering: return cursor == cell ? .highlight : (chosen.contains(cell) ? .strong : .plain)
        case .waiting, .feedback, .over: return .dim
        }
    }

    /// What to do now, or how the sequence went: always two lines, so that the grid stays put.
    var guidance: [StimulusLine] {
        switch phase {
        case .showing: return [StimulusLine("Watch the order.", ink: .strong), StimulusLine(" ")]
        case .answering:
            let count = games.last?.sequence.count ?? 0
            let turn = parameters.rules.requireReversal ? "Your turn, backwards" : "Your turn"
            return [StimulusLine("\(turn): \(self.chosen.count + 1) of \(count)", ink: .strong),
                    StimulusLine("Letters, or arrows and Enter.", ink: .dim)]
        case .feedback(let success, _):
            return [StimulusLine(success ? "Right." : "Not quite.", ink: success ? .plain : .strong), StimulusLine(" ")]
        case .waiting, .over: return [StimulusLine(" "), StimulusLine(" ")]
        }
    }

    /// "Practice · sequence 1 of 1" or "Sequence 2 of 5 · 4 cells".
    var status: String {
        let total = parameters.rules.maximumTests
        let sequence = "Sequence \(min(games.count, total)) of up to \(total) · \(games.last?.sequence.count ?? progress.span) cells"
        return practice ? "Practice · " + sequence.prefix(1).lowercased() + sequence.dropFirst() : sequence
    }
}
