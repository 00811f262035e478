/// Helpers that turn what a timed task measured into the result's JSON: summary values with their
/// units (milliseconds rounded to a microsecond, counts, percentages) and per-trial records.
public enum ActiveTaskValues {
    /// Milliseconds as JSON, rounded to a thousandth (null when there was nothing to measure).
    public static func ms(_ value: Double?) -> JSONValue {
        guard let value, value.isFinite else { return .null }
        return .double((value * 1_000).rounded() / 1_000)
    }

    /// A count summary value.
    public static func count(_ identifier: String, _ value: Int) -> MeasurementResult.Value {
        MeasurementResult.Value(identifier: identifier, value: .int(value), unit: "{count}")
    }

    /// A milliseconds summary value.
    public static func millis(_ identifier: String, _ value: Double?) -> MeasurementResult.Value {
        MeasurementResult.Value(identifier: identifier, value: ms(value), unit: "ms")
    }

    /// A percentage summary value from a fraction (null when there is none).
    public static func percent(_ identifier: String, _ fraction: Double?) -> MeasurementResult.Value {
        MeasurementResult.Value(identifier: identifier, value: fraction.map { .double(($0 * 10_000).rounded() / 100) } ?? .null,
                                unit: "%")
    }

    /// A trial's record (``Trial/json``) with `extra` members.
    public static func record(_ trial: Trial, _ extra: [String: JSONValue]) -> JSONValue {
        guard case .object(var o) = trial.json else { return trial.json }
        o.merge(extra) { _, new in new }
        return .object(o)
    }
}
