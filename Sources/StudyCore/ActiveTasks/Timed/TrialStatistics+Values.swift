extension TrialStatistics {
    /// The statistics as summary values with their UCUM units; accuracy (in per cent) only when
    /// the trials have right and wrong answers.
    public var values: [MeasurementResult.Value] {
        func ms(_ value: Double?) -> JSONValue { value.map { .double(($0 * 1_000).rounded() / 1_000) } ?? .null }
        var out: [MeasurementResult.Value] = [
            .init(identifier: "trials", value: .int(trials), unit: "{count}"),
            .init(identifier: "responses", value: .int(responses), unit: "{count}"),
            .init(identifier: "anticipations", value: .int(anticipations), unit: "{count}"),
            .init(identifier: "timeouts", value: .int(timeouts), unit: "{count}"),
        ]
        if let accuracy {
            out.append(.init(identifier: "correct", value: .int(correct), unit: "{count}"))
            out.append(.init(identifier: "accuracy", value: .double((accuracy * 10_000).rounded() / 100), unit: "%"))
        }
        out.append(.init(identifier: "meanRTMs", value: ms(meanRTMs), unit: "ms"))
        out.append(.init(identifier: "medianRTMs", value: ms(medianRTMs), unit: "ms"))
        out.append(.init(identifier: "sdRTMs", value: ms(sdRTMs), unit: "ms"))
        return out
    }
}
