import Foundation

/// One run of a task: the navigation state, the results, previous answers for prefill, and the
/// run identity. A value type; every mutation takes `now` so nothing here reads a clock.
public struct TaskRun: Sendable {
    /// One navigator level: the root, or a section being run.
    struct Level: Sendable, Equatable {
        /// Section step ids from the root to this level (empty for the root).
        var sectionPath: [StepID]
        var result: BranchResult
        /// The step shown at this level (for a parent: nil while a child section runs).
        var current: StepID?
    }

    public let task: TaskDefinition
    public let taskRunUUID: UUID
    public internal(set) var startDate: Date
    public internal(set) var endDate: Date?
    public internal(set) var finishReason: FinishReason?
    /// The error that failed the run, if any.
    public internal(set) var failure: String?
    /// Cohorts the participant is in (from survey rules, and given at start).
    public internal(set) var cohorts: Set<String>
    /// Skip `fullInstructionsOnly` steps.
    public var abbreviatedInstructions: Bool
    /// Where file results are written.
    public var outputDirectory: String?
    var levels: [Level] { didSet { if conditions.readsAnswers { answerIndex.update(levels) } } }
    /// The answers on the route, kept up to date as `levels` changes (``answerSnapshot``) when the
    /// conditions read answers at all.
    var answerIndex = AnswerIndex()
    /// The latest result of each full step path left by going back or jumping back (for prefill).
    public internal(set) var previousResults: [String: StepResult] = [:]
    /// Answers from an earlier run, used when a step has no result yet (ResearchKit's default result source).
    public var prefill: TaskResult?
    /// Answers keyed by field identifier proposed when a step has no result yet (a loaded
    /// QuestionnaireResponse, for example); `prefill` wins where both give one.
    public var prefillAnswers: [String: JSONValue] = [:]
    var conditions: any TaskConditions {
        didSet {
            answerIndex = AnswerIndex()
            if conditions.readsAnswers { answerIndex.update(levels) }
        }
    }
    /// The state to resume from when the current step is not restorable.
    var lastRestorable: [Level]?
    /// Only tasks with active or countdown steps keep `lastRestorable` (keeping it costs a copy per step).
    let keepsRestorableState: Bool

    /// A run ready to `start`.
    public init(task: TaskDefinition, taskRunUUID: UUID = UUID(), now: Date, conditions: any TaskConditions = NoTaskConditions(),
                cohorts: Set<String> = [], prefill: TaskResult? = nil, abbreviatedInstructions: Bool = false) {
        self.task = task
        self.taskRunUUID = taskRunUUID
        self.startDate = now
        self.conditions = conditions
        self.cohorts = cohorts
        self.prefill = prefill
        self.abbreviatedInstructions = abbreviatedInstructions
        levels = [Level(sectionPath: [], result: BranchResult(identifier: task.identifier, startDate: now), current: nil)]
        keepsRestorableState = Self.hasActiveSteps(task.steps)
        if conditions.readsAnswers { answerIndex.update(levels) }
    }

    static func hasActiveSteps(_ list: StepList) -> Bool {
        list.steps.contains { $0.active != nil || ($0.section.map { hasActiveSteps($0.steps) } ?? false) }
    }

    /// True once a finish reason is set.
    public var isFinished: Bool { finishReason != nil }

    /// The step being shown.
    public var currentStep: StepDefinition? {
        guard !isFinished, let level = levels.last, let id = level.current else { return nil }
        return stepList(for: level.sectionPath).step(id)
    }

    /// The section step ids above the current step.
    public var currentSectionPath: [StepID] { levels.last?.sectionPath ?? [] }

    /// The current step's full path, `section/child`.
    public var currentPath: String? {
        guard let id = levels.last?.current, !isFinished else { return nil }
        return fullPath(levels.count - 1, id)
    }

    /// The current step's result as it stands (prefilled, then edited).
    public var currentResult: StepResult? {
        guard let level = levels.last, let id = level.current, let last = level.result.stepHistory.last,
            last.identifier == id.rawValue else { return nil }
        return last
    }

    /// The current question step's answers keyed by field identifier.
    public var currentAnswers: [String: JSONValue] {
        guard let q = currentStep?.question, let r = currentResult else { return [:] }
        return q.answers(in: r)
    }

    /// The navigator list for a section path.
    func stepList(for sectionPath: [StepID]) -> StepList {
        var list = task.steps
        for id in sectionPath {
            guard let inner = list.step(id)?.section?.steps else { preconditionFailure("no section \(id)") }
            list = inner
        }
        return list
    }

    func fullPath(_ levelIndex: Int, _ id: StepID) -> String {
        // Built by hand: the generic `joined(separator:)` looks up its witnesses at run time on
        // first use, a cost paid before the first screen.
        StepID.path(Self.prefix(of: levels[levelIndex].sectionPath), id.rawValue)
    }

    /// The path prefix of the steps inside the sections `sectionPath` ("" at the top, else
    /// ending with "/").
    static func prefix(of sectionPath: [StepID]) -> String {
        var path = ""
        for section in sectionPath {
            path = StepID.path(path, section.rawValue)
            path += "/"
        }
        return path
    }

    /// The answers on the route so far keyed by field identifier (what task conditions read).
    public var answerSnapshot: AnswerSnapshot {
        var values: [String: JSONValue]
        var changes: AnswerChanges?
        if answerIndex.collided || !conditions.readsAnswers {
            values = [:]
            for level in levels { level.result.collectAnswers(into: &values) }
        } else {
            values = answerIndex.values
            changes = answerIndex.log
        }
        var extra: [String] = []
        if let step = currentStep, let q = step.question, let r = currentResult {
            for (k, v) in q.answers(in: r) where v != .null && values[k] != v {
                values[k] = v
                extra.append(k)
            }
        }
        return AnswerSnapshot(values: values, changes: changes, extraKeys: extra)
    }

    func navigator(_ levelIndex: Int) -> Navigator {
        Navigator(list: stepList(for: levels[levelIndex].sectionPath),
                  context: Navigator.Context(cohorts: cohorts, abbreviatedInstructions: abbreviatedInstructions,
                                             conditions: conditions,
                                             answers: conditions.readsAnswers ? answerSnapshot : AnswerSnapshot()))
    }

    /// The whole result as it stands: sections in progress are folded into their parents.
    public var result: TaskResult {
        var folded = levels
        while folded.count > 1 {
            let child = folded.removeLast()
            folded[folded.count - 1].result.appendStepHistory(.section(child.result), direction: .forward)
        }
        var root = folded[0].result
        root.endDate = endDate
        return TaskResult(root: root, taskRunUUID: taskRunUUID, schemaIdentifier: task.schemaIdentifier,
                          versionString: task.version, finishReason: finishReason, outputDirectory: outputDirectory)
    }
}
