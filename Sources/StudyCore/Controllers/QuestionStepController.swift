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
            Self.forEachFocusablePath(in: editors[i], at: FieldPath(field: i), body)
        }
    }

    /// The focusable paths of `editor` at `path`: itself, or for a repeating group each field of
    /// each entry (nested groups in turn) and then the group itself (where entries are added).
    private static func forEachFocusablePath(in editor: FieldEditor, at path: FieldPath, _ body: (FieldPath) -> Void) {
        switch editor.state {
        case .readOnly: return
        case .entries(let list):
            for (e, entry) in list.entries.enumerated() {
                for (s, sub) in entry.enumerated() where sub.isFocusableEntryField {
                    forEachFocusablePath(in: sub, at: path.appending(entry: e, sub: s), body)
                }
            }
            body(path)
        default:
            body(path)
        }
    }

    /// True when `path` is one of ``focusablePaths``, worked out without building the list.
    public func isFocusable(_ path: FieldPath) -> Bool {
        guard editors.indices.contains(path.field), isVisible(path.field) else { return false }
        var editor = editors[path.field]
        for level in path.levels {
            guard case .entries(let list) = editor.state, list.entries.indices.contains(level.entry),
                list.entries[level.entry].indices.contains(level.sub), list.entries[level.entry][level.sub].isFocusableEntryField
            else { return false }
            editor = list.entries[level.entry][level.sub]
        }
        if case .readOnly = editor.state { return false }
        return true
    }

    /// The editor at a path.
    public func editor(at path: FieldPath) -> FieldEditor? {
        reading(path) { $0 }
    }

    /// What `body` reads from the editor at a path (screens read the focused one several times a
    /// key, and only keep what `body` returns); nil when there is none.
    public func reading<R>(_ path: FieldPath, _ body: (FieldEditor) -> R) -> R? {
        guard editors.indices.contains(path.field) else { return nil }
        guard !path.levels.isEmpty else { return body(editors[path.field]) }
        return Self.reading(editors[path.field], path.levels[...], body)
    }

    private static func reading<R>(_ editor: FieldEditor, _ levels: ArraySlice<FieldPath.Level>, _ body: (FieldEditor) -> R) -> R? {
        guard let level = levels.first else { return body(editor) }
        guard case .entries(let list) = editor.state, list.entries.indices.contains(level.entry),
            list.entries[level.entry].indices.contains(level.sub) else { return nil }
        return reading(list.entries[level.entry][level.sub], levels.dropFirst(), body)
    }

    /// Changes the editor at a path; false when there is none.
    mutating func withEditor(_ path: FieldPath, _ body: (inout FieldEditor) -> Void) -> Bool {
        guard editors.indices.contains(path.field) else { return false }
        return Self.withEditor(&editors[path.field], path.levels[...], body)
    }

    private static func withEditor(_ editor: inout FieldEditor, _ levels: ArraySlice<FieldPath.Level>,
                                   _ body: (inout FieldEditor) -> Void) -> Bool {
        guard let level = levels.first else {
            body(&editor)
            return true
        }
        guard case .entries(var list) = editor.state, list.entries.indices.contains(level.entry),
            list.entries[level.entry].indices.contains(level.sub) else { return false }
        editor.state = .readOnly(.null)   // `list` is now the only owner: no copy
        defer { editor.state = .entries(list) }
        return withEditor(&list.entries[level.entry][level.sub], levels.dropFirst(), body)
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
                }
                if reading(path, { if case .entries = $0.state { true } else { false } }) == true {
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
        case .addEntry(let group):
            return changeEntries(group, now: now) { $0.add() }
        case .removeEntry(let group, let entry):
            return changeEntries(group, now: now) { $0.remove(entry) }
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

    private mutating func changeEntries(_ group: FieldPath, now: Date, _ body: (inout EntryList) -> Bool) -> StepOutcome {
        var outcome: FieldChange = .unhandled
        let found = withEditor(group) { editor in
            guard case .entries(var list) = editor.state else { return }
            editor.state = .readOnly(.null)
            outcome = body(&list) ? .changed : .rejected
            editor.state = .entries(list)
            editor.message = nil
        }
        guard found, outcome != .unhandled else { return .ignored }
        guard outcome == .changed else { return .rejected }
        structureRevision += 1
        editors[group.field].message = nil
        refreshConditions(now: now)
        return StepOutcome()
    }
}

private extension FieldEditor {
    /// True for a field inside a repeating group's entry that can take the focus.
    var isFocusableEntryField: Bool { !field.isReadOnly && !field.isHidden && !isDisabled }
}
