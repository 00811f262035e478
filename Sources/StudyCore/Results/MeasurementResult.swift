import Foundation

/// What a timed step measured: its summary values (each a named number with its unit, exported one
/// row each) and its per-trial records (the trial log, also written as NDJSON beside the result).
/// Stored in the result tree where a question stores its answer, so a restored run keeps it.
public struct MeasurementResult: Sendable, Equatable {
    /// One summary value, such as the median response time.
    public struct Value: Sendable, Equatable {
        /// Its name (`medianRTMs`, `taps`, `span`).
        public var identifier: String
        /// The value (a number, or null when there was nothing to measure).
        public var value: JSONValue
        /// The unit, in UCUM where there is one (`ms`, `s`, `{count}`, `%`).
        public var unit: String?

        /// A summary value.
        public init(identifier: String, value: JSONValue, unit: String? = nil) {
            (self.identifier, self.value, self.unit) = (identifier, value, unit)
        }
    }

    /// The step identifier.
    public var identifier: String
    /// When the step was shown.
    public var startDate: Date
    /// When it was left.
    public var endDate: Date
    /// The kind of task that measured (`reactionTime`, `stroop`, `tapping`).
    public var measurementType: String
    /// The summary values, in the order the task reports them.
    public var summary: [Value]
    /// One record per trial (or tap, move, game), in order.
    public var trials: [JSONValue]
    /// What a reader must know about how it was measured ("position-coded, no colour").
    public var note: String?

    /// A measurement.
    public init(identifier: String, startDate: Date, endDate: Date? = nil, measurementType: String,
                summary: [Value], trials: [JSONValue] = [], note: String? = nil) {
        self.identifier = identifier
        self.startDate = startDate
        self.endDate = endDate ?? startDate
        self.measurementType = measurementType
        self.summary = summary
        self.trials = trials
        self.note = note
    }

    /// The trial log as NDJSON: one compact JSON object a line.
    public var trialLog: String {
        trials.map { $0.compactJSON + "\n" }.joined()
    }
}
