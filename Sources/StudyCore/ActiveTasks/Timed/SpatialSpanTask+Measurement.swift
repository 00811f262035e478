/// What spatial span reports, as ResearchKit's `ORKSpatialSpanMemoryResult`: the score (the
/// longest span repeated right), the sequences played and failed, and one record per sequence.
extension SpatialSpanTask {
    /// Score, sequences, failures, and the median time to repeat a sequence right.
    public var summary: [MeasurementResult.Value] {
        let times = games.compactMap { game -> Double? in
            guard game.success == true, let onset = game.answerOnset, let last = game.entries.last else { return nil }
            return (last.time - onset).milliseconds
        }
        return [
            ActiveTaskValues.count("span", progress.bestSpan), ActiveTaskValues.count("games", progress.games),
            ActiveTaskValues.count("failures", progress.failures),
            ActiveTaskValues.millis("medianAnswerTimeMs", TrialStatistics.median(times)),
            MeasurementResult.Value(identifier: "requireReversal", value: .bool(parameters.rules.requireReversal)),
        ]
    }

    /// One record per sequence: the cells lit, the cells chosen with their times, the outcome.
    public var trialRecords: [JSONValue] {
        games.enumerated().map { i, game in
            let label = SpatialSpanParameters.label
            let entries: [JSONValue] = game.entries.map { e in
                .object(["cell": .string(label(e.cell)), "timeMs": ActiveTaskValues.ms(ms(e.time)), "correct": .bool(e.correct)])
            }
            let status: String = game.success.map { $0 ? "success" : "failure" } ?? "unfinished"
            return .object([
                "index": .int(i + 1), "span": .int(game.sequence.count),
                "sequence": .array(game.sequence.map { .string(label($0)) }),
                "onsetMs": ActiveTaskValues.ms(ms(game.answerOnset)), "entries": .array(entries), "status": .string(status),
            ])
        }
    }

    /// How it was measured.
    public var note: String? {
        "Spatial span on a \(parameters.columns)x\(parameters.rows) grid of lettered cells, each lit \(JSONValue.format(parameters.rules.playSpeed)) s; cells chosen with the arrow keys and Enter or by letter; times in ms from the step's start, the answer's onset = the \"your turn\" frame's terminal write returned."
    }
}
