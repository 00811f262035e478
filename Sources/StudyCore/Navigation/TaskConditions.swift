/// Conditions a task format adds on top of SageResearch navigation: FHIR `enableWhen`,
/// `enableWhenExpression` and calculated values. The default has none.
public protocol TaskConditions: Sendable {
    /// False when the step must be skipped, given the answers so far (its answers are then left out).
    func isStepEnabled(_ step: StepID, answers: AnswerSnapshot) -> Bool
    /// False when a field of a shown step is disabled, given the answers so far and the step's edits.
    func isFieldEnabled(_ field: String, answers: AnswerSnapshot) -> Bool
    /// Values computed from the answers (calculated expressions), keyed by field identifier.
    func calculatedValues(answers: AnswerSnapshot) -> [String: JSONValue]
    /// An answer recorded for a step that is passed over; nil records nothing.
    func presetAnswer(for step: StepID, answers: AnswerSnapshot) -> JSONValue?
    /// False when no method reads the answers (navigation then skips building the snapshot).
    var readsAnswers: Bool { get }
    /// False only when the step is disabled whatever the answers still to come: its condition
    /// reads none of `undecided` (the identifiers of the steps and fields not yet passed).
    /// Progress counts the other steps as possible, so its total only shrinks as answers come.
    func mayStepBeEnabled(_ step: StepID, answers: AnswerSnapshot, undecided: Set<String>) -> Bool
}

extension TaskConditions {
    /// An answer recorded for a step that is passed over (SageResearch's "skip with result"); nil records nothing.
    public func presetAnswer(for step: StepID, answers: AnswerSnapshot) -> JSONValue? { nil }
    /// Conditions read the answers unless they say otherwise.
    public var readsAnswers: Bool { true }
    /// A step is possible when it is enabled now (conditions that know what they read say more).
    public func mayStepBeEnabled(_ step: StepID, answers: AnswerSnapshot, undecided: Set<String>) -> Bool {
        isStepEnabled(step, answers: answers)
    }

    /// The fields of repeating group `group` that are disabled in one of its entries (`entry`, an
    /// object keyed by field identifier): the conditions see that entry alone as the group's
    /// answer, so a field that depends on a sibling follows the sibling in its own entry.
    public func disabledFields(_ fields: [InputField], inEntry entry: JSONValue, ofGroup group: String,
                               answers: [String: JSONValue]) -> Set<String> {
        var values = answers
        values[group] = entry == .null ? .null : .array([entry])
        let snapshot = AnswerSnapshot(values: values)
        return Set(fields.map(\.identifier).filter { !isFieldEnabled($0, answers: snapshot) })
    }
}

/// The answers of a run keyed by field identifier (for FHIR, the item linkId).
public struct AnswerSnapshot: Sendable, Equatable {
    /// Field identifier → answer (an array for repeating fields).
    public var values: [String: JSONValue]
    /// The run's log of changed keys, when the snapshot comes from a run: a consumer that saw an
    /// earlier snapshot of it can apply only what changed since (see ``AnswerChanges``).
    public var changes: AnswerChanges?
    /// Keys whose values are not in the log (the current step's answers, not yet a result entry).
    public var extraKeys: [String] = []

    public init(values: [String: JSONValue] = [:], changes: AnswerChanges? = nil, extraKeys: [String] = []) {
        self.values = values
        self.changes = changes
        self.extraKeys = extraKeys
    }

    public subscript(field: String) -> JSONValue? { values[field] }

    /// Two snapshots are equal when their answers are.
    public static func == (lhs: AnswerSnapshot, rhs: AnswerSnapshot) -> Bool { lhs.values == rhs.values }
}

/// SageResearch tasks: no conditions beyond navigation rules.
public struct NoTaskConditions: TaskConditions {
    public init() {}
    public func isStepEnabled(_ step: StepID, answers: AnswerSnapshot) -> Bool { true }
    public func isFieldEnabled(_ field: String, answers: AnswerSnapshot) -> Bool { true }
    public func calculatedValues(answers: AnswerSnapshot) -> [String: JSONValue] { [:] }
    public var readsAnswers: Bool { false }
}
