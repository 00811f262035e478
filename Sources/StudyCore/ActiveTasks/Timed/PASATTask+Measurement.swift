/// What a PASAT reports, as ResearchKit's `ORKPSATResult`: right answers, dyads (two right in a
/// row), response times, and one record per addition.
extension PASATTask {
    /// The scoring of the answers so far (an answer before its digit was on screen counts as none).
    public var scoring: PASATScoring {
        let shown = current.map { Array(digits.prefix($0 + 1)) } ?? []
        let given: [(answer: Int, latency: Duration)?] = shown.indices.dropFirst().map { i in
            guard let a = answers[i], !a.early, let onset = onsets[i] else { return nil }
            return (a.value, a.time - onset)
        }
        return PASATScoring(digits: shown, answers: given, interval: parameters.interval)
    }

    /// The trials: one per addition shown.
    var additionTrials: [Trial] {
        guard let last = current, last >= 1 else { return [] }
        return (1...last).map { i in
            let expected = digits[i - 1] + digits[i]
            let onsetMs = onsets[i].map { ($0 - start).milliseconds }
            guard let a = answers[i] else {
                return Trial(index: i, stimulus: String(digits[i]), onsetMs: onsetMs, key: nil, keyMs: nil, correct: false,
                             outcome: .timeout)
            }
            return Trial(index: i, stimulus: String(digits[i]), onsetMs: onsetMs, key: String(a.value),
                         keyMs: (a.time - start).milliseconds, correct: !a.early && a.value == expected,
                         outcome: a.early ? .anticipation : .response)
        }
    }

    /// Additions, right answers, accuracy, dyads, response times of the right answers, missed.
    public var summary: [MeasurementResult.Value] {
        let score = scoring
        let stats = TrialStatistics(additionTrials, correctOnly: true)
        return [
            ActiveTaskValues.count("additions", score.samples.count), ActiveTaskValues.count("totalCorrect", score.totalCorrect),
            ActiveTaskValues.percent("accuracy", score.samples.isEmpty ? nil : Double(score.totalCorrect) / Double(score.samples.count)),
            ActiveTaskValues.count("totalDyad", score.totalDyad), ActiveTaskValues.millis("meanRTMs", stats.meanRTMs),
            ActiveTaskValues.millis("medianRTMs", stats.medianRTMs), ActiveTaskValues.millis("sdRTMs", stats.sdRTMs),
            ActiveTaskValues.count("timeouts", stats.timeouts), ActiveTaskValues.count("anticipations", stats.anticipations),
            MeasurementResult.Value(identifier: "initialDigit", value: .int(digits[0])),
            MeasurementResult.Value(identifier: "interStimulusInterval", value: .double(parameters.interStimulusInterval), unit: "s"),
        ]
    }

    /// One record per addition: the digit, the right sum, the answer, whether it was right.
    public var trialRecords: [JSONValue] {
        additionTrials.map { trial in
            ActiveTaskValues.record(trial, ["digit": .int(digits[trial.index]),
                                            "expected": .int(digits[trial.index - 1] + digits[trial.index]),
                                            "answer": trial.key.flatMap(Int.init).map(JSONValue.int) ?? .null])
        }
    }

    /// How it was measured.
    public var note: String? {
        "Visual PASAT: a digit every \(JSONValue.format(parameters.interStimulusInterval)) s, shown \(JSONValue.format(parameters.stimulusDuration)) s; the answer's time is when its last key was read, from the digit's onset (its frame's terminal write returned)."
    }
}
