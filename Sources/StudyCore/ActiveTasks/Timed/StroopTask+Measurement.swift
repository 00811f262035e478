/// What a Stroop task reports: response times over the right answers, accuracy, and the Stroop
/// effect (the median time of incongruent words minus that of congruent ones).
extension StroopTask {
    /// The summary: the response-time values, the congruent and incongruent medians, the effect,
    /// and whether the ink was position-coded.
    public var summary: [MeasurementResult.Value] {
        let all = TrialStatistics(trials, correctOnly: true)
        let congruent = TrialStatistics(trials.filter { stimuli[$0.index - 1].isCongruent }, correctOnly: true)
        let incongruent = TrialStatistics(trials.filter { !stimuli[$0.index - 1].isCongruent }, correctOnly: true)
        let effect = incongruent.medianRTMs.flatMap { i in congruent.medianRTMs.map { i - $0 } }
        return all.values + [
            ActiveTaskValues.millis("congruentMedianRTMs", congruent.medianRTMs),
            ActiveTaskValues.millis("incongruentMedianRTMs", incongruent.medianRTMs),
            ActiveTaskValues.millis("stroopEffectMs", effect),
            MeasurementResult.Value(identifier: "positionCoded", value: .bool(positionCoded)),
        ]
    }

    /// One record per word: the trial, the word, its ink, whether they agree and the key's colour.
    public var trialRecords: [JSONValue] {
        trials.map { trial in
            let s = stimuli[trial.index - 1]
            let chosen = StroopStimulus.Colour.allCases.first { $0.key == trial.key }
            return ActiveTaskValues.record(trial, [
                "word": .string(s.word.rawValue), "ink": .string(s.ink.rawValue), "congruent": .bool(s.isCongruent),
                "colourSelected": chosen.map { .string($0.rawValue) } ?? .null,
            ])
        }
    }

    /// Says when the ink was shown by position, and how times are measured.
    public var note: String? {
        let timing = "Times in ms on the program's monotonic clock from the round's start; onset = the word's frame's terminal write returned; key time = when the program read the key; RT = key − onset, over right answers."
        guard positionCoded else { return timing }
        return "Position-coded variant (no colour on this terminal: NO_COLOR or monochrome): the word stood under the column of its ink, and the key named that column. " + timing
    }
}
