import Foundation

/// The logic of a question step (a form of one or more fields): editors per field, fields
/// disabled by the task's conditions, calculated values, inline validation, and Next blocked
/// until every shown answer is valid.
public struct QuestionStepController: Sendable {
    /// What stays the same while the controller lives, in one immutable box: screens copy the
    /// controller to read it several times a key, and a copy then costs one retain instead of
    /// copying the step, its question and the conditions part by part.
    private final class Fixed: Sendable {
        let step: StepDefinition
        let question: QuestionStep
        let conditions: any TaskConditions
        let baseAnswers: AnswerSnapshot
        let timeZone: TimeZone

        init(step: StepDefinition, question: QuestionStep, conditions: any TaskConditions,
             baseAnswers: AnswerSnapshot, timeZone: TimeZone) {
            self.step = step
            self.question = question
            self.conditions = conditions
            self.baseAnswers = baseAnswers
            self.timeZone = timeZone
        }
    }

    private let fixed: Fixed
    /// The step.
    public var step: StepDefinition { fixed.step }
    /// Its question data.
    public var question: QuestionStep { fixed.question }
    /// One editor per field, in field order.
    public internal(set) var editors: [FieldEditor]
    /// Whether each field is enabled by the task's conditions (disabled fields are hidden).
    public internal(set) var enabled: [Bool]
    /// Moves whenever the fields that show or can take the focus change (a condition enabling or
    /// disabling a field, a repeating group's entry added or removed), so that a presentation
    /// re-checks its focus and key map only then, not after every typed character.
    public internal(set) var structureRevision = 0
    /// Calculated values by field identifier.
    public internal(set) var calculated: [String: JSONValue] = [:]
    /// The step-level message (the first problem after Next).
    public internal(set) var message: ValidationMessage?
    var conditions: any TaskConditions { fixed.conditions }
    var baseAnswers: AnswerSnapshot { fixed.baseAnswers }
    var timeZone: TimeZone { fixed.timeZone }

    /// A controller holding `answers` (by field identifier), with the task's conditions and the
    /// answers given on earlier steps.
    public init(step: StepDefinition, question: QuestionStep, answers: [String: JSONValue],
                conditions: any TaskConditions = NoTaskConditions(), baseAnswers: AnswerSnapshot = AnswerSnapshot(),
                timeZone: TimeZone = .current) {
        fixed = Fixed(step: step, question: question, conditions: conditions, baseAnswers: baseAnswers, timeZone: timeZone)
        editors = question.fields.map { FieldEditor(field: $0, value: answers[$0.identifier] ?? .null) }
        enabled = question.fields.map { _ in true }
        refreshConditions(now: Date())
    }

    /// Indexes of the fields shown: not hidden and enabled.
    public var visibleFields: [Int] {
        var out: [Int] = []
        out.reserveCapacity(editors.count)
        for i in editors.indices where isVisible(i) { out.append(i) }
        return out
    }

    /// True when field `i` is shown: not hidden and enabled.
    func isVisible(_ i: Int) -> Bool {
        !editors[i].field.isHidden && enabled[i]
    }

    /// The places focus can go, in order: each shown editable field, and inside repeating groups
    /// each field of each entry, then the group itself (where entries are added).
    public var focusablePaths: [FieldPath] {
        var out: [FieldPath] = []
        out.reserveCapacity(editors.count)
        forEachFocusablePath { out.append($0) }
        return out
    }

    /// How many ``focusablePaths`` there are, counted without building the list.
    public var focusablePathCount: Int {
        var count = 0
        forEachFocusablePath { _ in count += 1 }
        return count
    }

    /// Calls `body` with each of ``focusablePaths``, in order.
    private func forEachFocusablePath(_ body: (FieldPath) -> Void) {
        for i in editors.indices where isVisible(i) {
            guard case .entries(let list) = editors[i].state else {
                if case .readOnly = editors[i].state { continue }
                body(FieldPath(field: i))
                continue
            }
            for (e, entry) in list.entries.enumerated() {
                for (s, sub) in entry.enumerated() where sub.isFocusableEntryField {
                    body(FieldPath(field: i, entry: e, sub: s))
                }
            }
            body(FieldPath(field: i))
        }
    }

    /// True when `path` is one of ``focusablePaths``, worked out without building the list.
    public func isFocusable(_ path: FieldPath) -> Bool {
        guard editors.indices.contains(path.field), isVisible(path.field) else { return false }
        switch editors[path.field].state {
        case .readOnly:
            return false
        case .entries(let list):
            guard let e = path.entry else { return path.sub == nil }
            guard let s = path.sub, list.entries.indices.contains(e), list.entries[e].indices.contains(s) else { return false }
            return list.entries[e][s].isFocusableEntryField
        default:
            return path.entry == nil && path.sub == nil
        }
    }

    /// The editor at a path.
    public func editor(at path: FieldPath) -> FieldEditor? {
        reading(path) { $0 }
    }

    /// What `body` reads from the editor at a path (screens read the focused one several times a
    /// key, and only keep what `body` returns); nil when there is none.
    public func reading<R>(_ path: FieldPath, _ body: (FieldEditor) -> R) -> R? {
        guard editors.indices.contains(path.field) else { return nil }
        guard let e = path.entry, let s = path.sub else { return body(editors[path.field]) }
        guard case .entries(let list) = editors[path.field].state, list.entries.indices.contains(e),
            list.entries[e].indices.contains(s) else { return nil }
        return body(list.entries[e][s])
    }

    /// Changes the editor at a path; false when there is none.
    mutating func withEditor(_ path: FieldPath, _ body: (inout FieldEditor) -> Void) -> Bool {
        guard editors.indices.contains(path.field) else { return false }
        guard let e = path.entry, let s = path.sub else {
            body(&editors[path.field])
            return true
        }
        guard case .entries(var list) = editors[path.field].state, list.entries.indices.contains(e),
            list.entries[e].indices.contains(s) else { return false }
        editors[path.field].state = .readOnly(.null)   // `list` is now the only owner: no copy
        body(&list.entries[e][s])
        editors[path.field].state = .entries(list)
        return true
    }

    /// Applies an input.
    public mutating func handle(_ input: StepInput, now: Date) -> StepOutcome {
        switch input {
        case .edit(let path, let edit):
            var change = FieldChange.unhandled
            let context = EditContext(now: now, timeZone: timeZone)
            let found = withEditor(path) { change = $0.apply(edit, context: context) }
            guard found else { return .ignored }
            switch change {
            case .changed:
                message = nil
                if path.entry != nil {
                    editors[path.field].message = nil
                } else if case .entries = editors[path.field].state {
                    structureRevision += 1   // the group itself changed (cleared): its entries may be gone
                }
                refreshConditions(now: now)
                return StepOutcome()
            case .moved: return .none
            case .rejected: return .rejected
            case .unhandled: return .ignored
            }
        case .leave(let path):
            guard let editor = editor(at: path), editor.rawValue != .null else { return .none }
            switch AnswerValidator(now: now, timeZone: timeZone).validate(editor.rawValue, for: editor.field) {
            case .failure(let m): _ = withEditor(path) { $0.message = m }
            case .success(let stored): _ = withEditor(path) { $0.showStoredForm(stored) }
            }
            return .none
        case .addEntry(let field):
            return changeEntries(field, now: now) { $0.add() }
        case .removeEntry(let field, let entry):
            return changeEntries(field, now: now) { $0.remove(entry) }
        case .goForward:
            switch validate(now: now) {
            case .success(let answers): return StepOutcome(request: .forward(answers), answers: answers)
            case .failure(let problem):
                message = problem.message
                return StepOutcome(message: problem.message, focus: problem.path)
            }
        case .goBack:
            return StepOutcome(request: .back(validAnswers(now: now)))
        case .skip:
            return StepOutcome(request: .skip)
        case .start, .pause, .resume, .tick:
            return .ignored
        }
    }

    private mutating func changeEntries(_ field: Int, now: Date, _ body: (inout EntryList) -> Bool) -> StepOutcome {
        guard editors.indices.contains(field), case .entries(var list) = editors[field].state else { return .ignored }
        guard body(&list) else { return .rejected }
        editors[field].state = .entries(list)
        structureRevision += 1
        editors[field].message = nil
        refreshConditions(now: now)
        return StepOutcome()
    }
}

private extension FieldEditor {
    /// True for a field inside a repeating group's entry that can take the focus.
    var isFocusableEntryField: Bool { !field.isReadOnly && !field.isHidden && !isDisabled }
}
