extension Trial {
    /// The trial as one line of the trial log: every field, null where it has no value, so that
    /// every line has the same columns.
    public var json: JSONValue {
        func number(_ value: Double?) -> JSONValue { value.map { .double(($0 * 1_000).rounded() / 1_000) } ?? .null }
        return [
            "index": .int(index),
            "stimulus": .string(stimulus),
            "onsetMs": number(onsetMs),
            "key": key.map { JSONValue.string(TimedKey.label($0)) } ?? .null,
            "keyMs": number(keyMs),
            "responseTimeMs": number(responseTimeMs),
            "correct": correct.map { JSONValue.bool($0) } ?? .null,
            "outcome": .string(outcome.rawValue),
        ]
    }
}
