/// One trial of a timed task, as the per-trial log stores it. Times are milliseconds on the run's
/// one monotonic clock (the event loop's), from the step's start; what each time measures is said
/// by its name: `onsetMs` is when the stimulus frame's terminal write returned, `keyMs` when the
/// program read the key.
public struct Trial: Sendable, Equatable, Codable {
    /// The trial's number, from 1.
    public var index: Int
    /// What was shown (a word and its ink, a digit, a target's label).
    public var stimulus: String
    /// When the stimulus reached the terminal.
    public var onsetMs: Double?
    /// The key read (its name), if any.
    public var key: String?
    /// When the key was read.
    public var keyMs: Double?
    /// `keyMs - onsetMs` for a response; nil otherwise.
    public var responseTimeMs: Double?
    /// Whether the response was right (nil where a task has no wrong answer).
    public var correct: Bool?
    /// How the trial ended.
    public var outcome: TrialOutcome

    /// A trial record.
    public init(index: Int, stimulus: String, onsetMs: Double?, key: String?, keyMs: Double?,
                correct: Bool?, outcome: TrialOutcome) {
        self.index = index
        self.stimulus = stimulus
        self.onsetMs = onsetMs
        self.key = key
        self.keyMs = keyMs
        self.correct = correct
        self.outcome = outcome
        if outcome == .response, let onsetMs, let keyMs { responseTimeMs = keyMs - onsetMs }
    }
}

extension Duration {
    /// This duration in milliseconds, with the sub-millisecond part.
    public var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    }
}
