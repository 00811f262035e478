/// One step of a task: display text, navigation settings and its kind.
public struct StepDefinition: Sendable, Equatable {
    /// Unique within its navigator.
    public var identifier: StepID
    /// What kind of step this is, with its kind-specific data.
    public var kind: StepKind
    /// The `type` as written in the file (for reports; "instruction" when absent).
    public var typeName: String
    /// Title text.
    public var title: String?
    /// Main text (`text` in v2, `subtitle` in v4).
    public var text: String?
    /// Detail text.
    public var detail: String?
    /// Footnote text.
    public var footnote: String?
    /// Unconditional jump after this step.
    public var nextStepIdentifier: NavigationTarget?
    /// Shown only when full instructions are wanted (skipped in abbreviated mode).
    public var fullInstructionsOnly: Bool
    /// Button overrides for this step.
    public var actions: [ActionType: StepAction]
    /// Buttons hidden on this step.
    public var shouldHideActions: Set<ActionType>
    /// Cohort rules checked before the step is shown.
    public var beforeCohortRules: [CohortRule]
    /// Cohort rules checked after the step.
    public var afterCohortRules: [CohortRule]
    /// A result the step's text introduces ("Your heart rate is" + the measured value): the text
    /// shows with the value, or not at all when the run has none (see ``TaskRun/presentedStep``).
    public var shownResult: ShownResult?

    public init(
        identifier: StepID, kind: StepKind, typeName: String = "instruction", title: String? = nil,
        text: String? = nil, detail: String? = nil, footnote: String? = nil,
        nextStepIdentifier: NavigationTarget? = nil, fullInstructionsOnly: Bool = false,
        actions: [ActionType: StepAction] = [:], shouldHideActions: Set<ActionType> = [],
        beforeCohortRules: [CohortRule] = [], afterCohortRules: [CohortRule] = []
    ) {
        self.identifier = identifier
        self.kind = kind
        self.typeName = typeName
        self.title = title
        self.text = text
        self.detail = detail
        self.footnote = footnote
        self.nextStepIdentifier = nextStepIdentifier
        self.fullInstructionsOnly = fullInstructionsOnly
        self.actions = actions
        self.shouldHideActions = shouldHideActions
        self.beforeCohortRules = beforeCohortRules
        self.afterCohortRules = afterCohortRules
    }

    /// The nested navigator when this step is a section (section, subtask, taskInfo, transform).
    public var section: SectionStep? {
        if case .section(let s) = kind { return s }
        return nil
    }

    /// The question data when this step asks questions.
    public var question: QuestionStep? {
        if case .question(let q) = kind { return q }
        return nil
    }

    /// The timing data when this step is active or a countdown.
    public var active: ActiveStep? {
        if case .active(let a) = kind { return a }
        return nil
    }

    /// The timed task when this step is one.
    public var timed: TimedStep? {
        if case .timed(let t) = kind { return t }
        return nil
    }

    /// False for active, countdown and timed steps: a run saved during one resumes before it.
    public var isRestorable: Bool { active == nil && timed == nil }
}

/// A result a step's text ends on (SageResearch `resultIdentifier` and `unitText`).
public struct ShownResult: Sendable, Equatable {
    /// The identifier of the answer or measurement shown.
    public var identifier: String
    /// The unit written after the value ("BPM").
    public var unit: String?

    public init(identifier: String, unit: String? = nil) {
        self.identifier = identifier
        self.unit = unit
    }
}

/// The closed set of step kinds the core knows.
public enum StepKind: Sendable, Equatable {
    /// A text screen.
    case instruction
    /// The first screen of an activity, with optional icons.
    case overview
    /// The last screen.
    case completion
    /// Questions: a v2 form, a v4 `*Question`, or a FHIR item.
    case question(QuestionStep)
    /// A timed step: `active` or `countdown`.
    case active(ActiveStep)
    /// A timed task measured from the keyboard (`reactionTime`, `twoKeyTapping`, ...).
    case timed(TimedStep)
    /// A nested navigator: `section`, `subtask`, `taskInfo`, or a transformed section.
    case section(SectionStep)
    /// A type the core does not know; the raw JSON is kept and it is reported, never dropped.
    case unknown(UnknownStep)
}

/// A nested navigator with its own results.
public struct SectionStep: Sendable, Equatable {
    /// The child steps.
    public var steps: StepList
    /// Recorders scoped to the section.
    public var asyncActions: [AsyncActionConfig]

    public init(steps: StepList, asyncActions: [AsyncActionConfig] = []) {
        self.steps = steps
        self.asyncActions = asyncActions
    }
}

/// A step whose type the core does not know; shown as text and continued.
public struct UnknownStep: Sendable, Equatable {
    /// The step JSON exactly as read.
    public var raw: JSONValue

    public init(raw: JSONValue) { self.raw = raw }
}
