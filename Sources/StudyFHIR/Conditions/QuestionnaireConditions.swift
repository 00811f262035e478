import Foundation
import StudyCore

/// FHIR enableWhen, enableWhenExpression and calculatedExpression as StudyCore `TaskConditions`.
///
/// Each call brings a shared `QuestionnaireEngine` up to date with the snapshot (only the answers
/// that differ from the previous call are re-evaluated), so stepping through a long form stays
/// incremental. Results are pure functions of the snapshot; the cache is an optimisation only.
public struct QuestionnaireConditions: TaskConditions {
    private let cache: EngineCache
    /// False for a Questionnaire without enableWhen, enableWhenExpression or calculatedExpression.
    public let readsAnswers: Bool

    /// The suffix of the step that shows a group's text at the start of its section.
    public static let introSuffix = "#intro"

    /// Conditions for a Questionnaire model; `file` names it in diagnostics.
    public init(model: QuestionnaireModel, file: String = "", now: Date = Date()) {
        let engine = QuestionnaireEngine(model: model, file: file, now: now)
        cache = EngineCache(engine)
        readsAnswers = engine.program.readsAnswers
    }

    /// Conditions for an engine built elsewhere (its current answers are kept).
    public init(engine: QuestionnaireEngine) {
        cache = EngineCache(engine)
        readsAnswers = engine.program.readsAnswers
    }

    /// Problems found while compiling the rules.
    public var diagnostics: [Diagnostic] { cache.withEngine { $0.diagnostics } }

    /// The linkId a step stands for (`<linkId>` or `<linkId>#intro`).
    public static func linkId(forStep step: StepID) -> String {
        let raw = step.rawValue
        return raw.hasSuffix(introSuffix) ? String(raw.dropLast(introSuffix.count)) : raw
    }

    /// False when the item behind the step is disabled.
    public func isStepEnabled(_ step: StepID, answers: AnswerSnapshot) -> Bool {
        cache.update(answers) { $0.isEnabled(Self.linkId(forStep: step)) }
    }

    /// True when the item behind the step is enabled, or its enablement reads an answer still to
    /// come (see ``QuestionnaireEngine/readsUndecided(_:undecided:)``).
    public func mayStepBeEnabled(_ step: StepID, answers: AnswerSnapshot, undecided: Set<String>) -> Bool {
        let linkId = Self.linkId(forStep: step)
        return cache.update(answers) { $0.isEnabled(linkId) || $0.readsUndecided(linkId, undecided: undecided) }
    }

    /// False when the item behind the field (its linkId) is disabled.
    public func isFieldEnabled(_ field: String, answers: AnswerSnapshot) -> Bool {
        cache.update(answers) { $0.isEnabled(field) }
    }

    /// The values of calculated items, keyed by linkId.
    public func calculatedValues(answers: AnswerSnapshot) -> [String: JSONValue] {
        cache.update(answers) { $0.calculatedValues }
    }
}

/// The engine behind `QuestionnaireConditions`, guarded by a lock (calls may come from any thread).
private final class EngineCache: @unchecked Sendable {
    private let lock = NSLock()
    private var engine: QuestionnaireEngine
    /// The last change of a run's answer log the engine has applied (0: none), and the keys of that
    /// snapshot that were outside the log.
    private var synced: UInt64 = 0
    private var syncedExtra: [String] = []

    /// Starts from an engine.
    init(_ engine: QuestionnaireEngine) { self.engine = engine }

    /// Brings the engine up to date with the snapshot, then reads from it.
    func update<T>(_ answers: AnswerSnapshot, _ read: (QuestionnaireEngine) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        if let changes = answers.changes, let keys = changes.keys(after: synced) {
            let touched = keys + syncedExtra + answers.extraKeys
            if !touched.isEmpty { engine.setAnswers(only: touched, from: answers.values) }
        } else if engine.answers != answers.values {
            engine.setAnswers(answers.values)
        }
        synced = answers.changes?.last ?? 0
        syncedExtra = answers.extraKeys
        return read(engine)
    }

    /// Reads from the engine as it is.
    func withEngine<T>(_ read: (QuestionnaireEngine) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return read(engine)
    }
}
