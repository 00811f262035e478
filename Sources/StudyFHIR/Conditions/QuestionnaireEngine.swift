import Foundation
import StudyCore

/// The live state of a Questionnaire being answered: which items are enabled and what calculated
/// items compute. A value type; `answerChanged` re-evaluates only the items that depend on the
/// changed answer (transitively), in dependency order.
public struct QuestionnaireEngine: Sendable {
    /// The compiled rules (shared by copies).
    let program: ConditionProgram
    /// StudyCore answers by field identifier (linkId), as last given.
    public private(set) var answers: [String: JSONValue] = [:]
    /// Answers given per item position (repetitions flattened).
    var given: [[FHIRValue]]
    /// Enablement per item position.
    var enabled: [Bool]
    /// Calculated StudyCore values per item position.
    var calculated: [JSONValue?]
    /// Calculated values as FHIR values (what enableWhen compares).
    var calculatedFHIR: [[FHIRValue]]
    /// Scratch space for the sweep, by rank (always all false between calls).
    var dirty: [Bool]
    /// The lowest and highest marked rank.
    var dirtyRange: (low: Int, high: Int) = (Int.max, -1)
    /// The response built for `%resource`, until an answer changes.
    var resourceCache: JSONValue?
    /// Questionnaire-level variables, until an answer changes.
    var rootVariableCache: [String: [FHIRPathItem]]?
    /// The instant `today()`/`now()` report.
    public var now: Date
    /// Expressions that failed while evaluating, by linkId (they count as empty).
    public internal(set) var evaluationErrors: [String: String] = [:]

    /// Compiles the rules of `model` and evaluates everything once with `answers`.
    public init(model: QuestionnaireModel, file: String = "", answers: [String: JSONValue] = [:], now: Date = Date()) {
        self.init(program: ConditionProgram(model: model, file: file), answers: answers, now: now)
    }

    /// Starts from compiled rules.
    init(program: ConditionProgram, answers: [String: JSONValue], now: Date) {
        self.program = program
        let n = program.order.count
        given = Array(repeating: [], count: n)
        enabled = Array(repeating: true, count: n)
        calculated = Array(repeating: nil, count: n)
        calculatedFHIR = Array(repeating: [], count: n)
        dirty = Array(repeating: false, count: n)
        self.now = now
        for (k, v) in answers { store(k, v) }
        for i in 0..<n { mark(i) }
        sweep(collect: false)
    }

    /// The model the engine was built from.
    public var model: QuestionnaireModel { program.model }

    /// Problems found while compiling the rules (expressions outside the subset, cycles).
    public var diagnostics: [Diagnostic] { program.diagnostics }

    /// The linkIds of items whose calculatedExpression cannot be evaluated (outside the
    /// supported subset, or naming undefined variables): they compute nothing.
    public var unevaluatedCalculations: Set<String> {
        let items = program.model.table.items
        return Set(items.indices.filter { items[$0].calculatedExpression != nil && program.calculatedExpression[$0] == nil }.map { items[$0].linkId })
    }

    /// True when the item is enabled (unknown linkIds count as enabled).
    public func isEnabled(_ linkId: String) -> Bool {
        guard let i = program.model.table.index[linkId] else { return true }
        return enabled[i]
    }

    /// True when the item's enablement reads an item in `undecided` (linkIds not yet passed),
    /// directly or through the groups and display items it reads: answers still to come may
    /// change it. Unknown linkIds count as undecided.
    public func readsUndecided(_ linkId: String, undecided: Set<String>) -> Bool {
        guard let i = program.model.table.index[linkId] else { return true }
        let items = program.model.table.items
        var seen: Set<Int> = [i]
        var stack = [i]
        while let k = stack.popLast() {
            if program.readsEverything[k] { return !undecided.isEmpty }
            for p in program.precedents[k] where seen.insert(p).inserted {
                // A group or display item has no answer of its own: what decides it counts.
                guard items[p].type?.isQuestion ?? false else { stack.append(p); continue }
                if undecided.contains(items[p].linkId) { return true }
            }
        }
        return false
    }

    /// True when the item at this `ItemTable` position is enabled.
    public func isEnabled(at index: Int) -> Bool { enabled[index] }

    /// The calculated StudyCore value of an item, when it has one and is enabled.
    public func calculatedValue(_ linkId: String) -> JSONValue? {
        program.model.table.index[linkId].flatMap { calculated[$0] }
    }

    /// Every calculated value, keyed by linkId.
    public var calculatedValues: [String: JSONValue] {
        var out: [String: JSONValue] = [:]
        for i in program.calculatedItems { if let v = calculated[i] { out[program.model.table.items[i].linkId] = v } }
        return out
    }

    /// Records a new answer for one field (nil or null clears it) and re-evaluates what depends on it.
    /// Returns the linkIds whose enablement or calculated value changed.
    @discardableResult
    public mutating func answerChanged(_ linkId: String, value: JSONValue?) -> [String] {
        store(linkId, value ?? .null)
        return sweep(collect: true)
    }

    /// Like ``setAnswers(_:)`` for the given keys only (the others are known to be unchanged), so
    /// a step costs what it changed, not the size of the form.
    @discardableResult
    public mutating func setAnswers(only keys: [String], from new: [String: JSONValue]) -> [String] {
        for key in Set(keys) where answers[key] != new[key] { store(key, new[key] ?? .null) }
        return sweep(collect: true)
    }

    /// Replaces all answers (only the fields that differ are re-evaluated).
    @discardableResult
    public mutating func setAnswers(_ new: [String: JSONValue]) -> [String] {
        for key in Set(answers.keys).union(new.keys) where answers[key] != new[key] { store(key, new[key] ?? .null) }
        return sweep(collect: true)
    }

    /// The answers of an item as enableWhen sees them: none when disabled; the calculated value for calculated items.
    func effective(_ i: Int) -> [FHIRValue] {
        guard enabled[i] else { return [] }
        return program.calculatedExpression[i] != nil ? calculatedFHIR[i] : given[i]
    }

    /// Stores a field's answer, flattening repetitions, and marks the items whose answers changed.
    private mutating func store(_ linkId: String, _ value: JSONValue) {
        if value == .null { answers[linkId] = nil } else { answers[linkId] = value }
        guard let i = program.model.table.index[linkId] else { return }
        var fresh: [Int: [FHIRValue]] = [:]
        flatten(value, into: i, &fresh)
        let table = program.model.table
        let affected = table.items[i].answersAsRepetitions ? i..<table.subtreeEnd[i] : i..<(i + 1)
        for k in affected {
            let v = fresh[k] ?? []
            if v != given[k] {
                given[k] = v
                changed(k)
            }
        }
    }

    private func flatten(_ value: JSONValue, into i: Int, _ out: inout [Int: [FHIRValue]]) {
        let item = program.model.table.items[i]
        guard item.answersAsRepetitions else {
            out[i, default: []] += AnswerCoding.fhirValues(value, item: item)
            return
        }
        for inst in value.arrayValue ?? [value] {
            guard case .object(let o) = inst else {
                out[i, default: []] += AnswerCoding.fhirValues(inst, item: item)
                continue
            }
            for (key, v) in o {
                guard let k = program.model.table.index[key] else { continue }
                if k == i { out[i, default: []] += AnswerCoding.fhirValues(v, item: item) } else { flatten(v, into: k, &out) }
            }
        }
    }
}
