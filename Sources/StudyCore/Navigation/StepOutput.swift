/// What a step's controller hands to ``RunRequest/next(_:)``: a question's accepted answers, or
/// what a timed step measured. A timed step's data goes into the run the way answers do: it is
/// in the result tree, so the restoration snapshot keeps it and the exports read it.
public enum StepOutput: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// Answers by field identifier, validated and normalised by the controller.
    case answers([String: JSONValue])
    /// A timed step's summary and trials (its identifier and times are the step's own).
    case measurement(MeasurementResult)
    /// The step did not run (a timed step that cannot keep its timing): why, recorded as the
    /// step's skip reason, and the step to go to instead (the task's untimed alternative), if any.
    case skipped(reason: String, goTo: StepID?)

    /// Answers written as a dictionary literal.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .answers(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
