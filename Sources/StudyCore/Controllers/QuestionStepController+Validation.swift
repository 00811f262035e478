import Foundation

/// A field that blocks Next, with its message.
public struct FieldProblem: Error, Sendable, Equatable {
    /// Where the problem is.
    public var path: FieldPath
    /// What to tell the participant.
    public var message: ValidationMessage
}

extension QuestionStepController {
    /// The answers when every shown field is valid; otherwise the first problem (every invalid
    /// field gets its message).
    public mutating func validate(now: Date) -> Result<[String: JSONValue], FieldProblem> {
        let validator = AnswerValidator(now: now, timeZone: timeZone)
        var answers: [String: JSONValue] = [:]
        var first: FieldProblem?
        for i in editors.indices {
            let field = editors[i].field
            if let value = fixedValue(i) {
                if value != .null { answers[field.identifier] = value }
                continue
            }
            switch editors[i].validated(by: validator) {
            case .success(let v):
                editors[i].message = nil
                editors[i].showStoredForm(v)
                if v != .null { answers[field.identifier] = v }
            case .failure(let m):
                editors[i].message = m
                if first == nil { first = FieldProblem(path: FieldPath(field: i), message: m) }
            }
        }
        if let first { return .failure(first) }
        return .success(answers)
    }

    /// Checks answers given as values (a script's, by field identifier) the way ``validate(now:)``
    /// checks what the editors hold: the same validator, the same fields the conditions disable
    /// (neither required nor kept, in a repeating group's entries too), the same values of
    /// read-only and hidden fields. The conditions see the given values, as they see typed ones.
    public func validate(given answers: [String: JSONValue], now: Date) -> Result<[String: JSONValue], FieldProblem> {
        let validator = AnswerValidator(now: now, timeZone: timeZone)
        var valid: [String: JSONValue] = [:]
        for e in editors where !e.field.isReadOnly && !e.field.isHidden {
            if case .success(let v) = validator.validate(answers[e.field.identifier] ?? .null, for: e.field), v != .null {
                valid[e.field.identifier] = v
            }
        }
        let snapshot = conditions.readsAnswers ? overlaid(valid) : baseAnswers
        let values = snapshot.values
        let calculated = conditions.readsAnswers ? conditions.calculatedValues(answers: snapshot) : self.calculated
        var out: [String: JSONValue] = [:]
        for (i, e) in editors.enumerated() {
            let field = e.field, given = answers[field.identifier] ?? .null
            guard !conditions.readsAnswers || conditions.isFieldEnabled(field.identifier, answers: snapshot) else { continue }
            if field.isHidden || field.isReadOnly {
                let value = calculated[field.identifier] ?? (given != .null ? given : field.initialValue ?? .null)
                if value != .null { out[field.identifier] = value }
                continue
            }
            let result: Result<JSONValue, ValidationMessage>
            if conditions.readsAnswers, case .repeatingGroup(let o) = field.kind, let items = given.arrayValue {
                var kept: [JSONValue] = [], disabled: [Set<String>] = []
                for item in items {
                    let off = conditions.disabledFields(o.fields, inEntry: item, ofGroup: field.identifier, answers: values)
                    if case .object(var members) = item {
                        for id in off { members[id] = nil }
                        kept.append(.object(members))
                    } else {
                        kept.append(item)
                    }
                    disabled.append(off)
                }
                result = validator.validate(.array(kept), for: field, disabledInEntries: disabled)
            } else {
                result = validator.validate(given, for: field)
            }
            switch result {
            case .success(let v): if v != .null { out[field.identifier] = v }
            case .failure(let m): return .failure(FieldProblem(path: FieldPath(field: i), message: m))
            }
        }
        return .success(out)
    }

    /// The answers that are valid now (invalid ones left out): what a save or Back keeps.
    public func validAnswers(now: Date) -> [String: JSONValue] {
        let validator = AnswerValidator(now: now, timeZone: timeZone)
        var answers: [String: JSONValue] = [:]
        for i in editors.indices {
            let field = editors[i].field
            if let value = fixedValue(i) {
                if value != .null { answers[field.identifier] = value }
            } else if case .success(let v) = editors[i].validated(by: validator), v != .null {
                answers[field.identifier] = v
            }
        }
        return answers
    }

    /// The value of a field the participant does not edit: disabled (none), hidden or read-only
    /// (calculated, else as given). Nil for an editable field.
    func fixedValue(_ i: Int) -> JSONValue? {
        let field = editors[i].field
        if !enabled[i] { return .null }
        if field.isHidden || field.isReadOnly {
            return calculated[field.identifier] ?? (editors[i].rawValue != .null ? editors[i].rawValue : field.initialValue ?? .null)
        }
        return nil
    }

    /// Re-reads which fields are enabled and the calculated values, given the answers so far.
    mutating func refreshConditions(now: Date) {
        guard conditions.readsAnswers else { return }
        let snapshot = overlaid(validAnswersIgnoringConditions(now: now))
        let values = snapshot.values
        calculated = conditions.calculatedValues(answers: snapshot)
        for i in editors.indices {
            let on = conditions.isFieldEnabled(editors[i].field.identifier, answers: snapshot)
            if enabled[i] != on {
                enabled[i] = on
                structureRevision += 1
            }
            if editors[i].field.isReadOnly, let v = calculated[editors[i].field.identifier] { editors[i].state = .readOnly(v) }
            if on, case .entries(let list) = editors[i].state, list.isGroup { refreshEntryConditions(i, list, values) }
        }
    }

    /// Re-reads which fields of each entry of repeating group `i` are enabled: the conditions see
    /// that entry alone as the group's answer, so a field that depends on a sibling follows the
    /// sibling in its own entry (FHIR evaluates enableWhen within the repetition).
    private mutating func refreshEntryConditions(_ i: Int, _ start: EntryList, _ values: [String: JSONValue]) {
        var list = start
        var changed = false
        for e in list.entries.indices {
            let off = conditions.disabledFields(list.fields, inEntry: list.answer(ofEntry: e), ofGroup: editors[i].field.identifier,
                                                answers: values)
            for s in list.entries[e].indices where list.setDisabled(off.contains(list.entries[e][s].field.identifier), entry: e, sub: s) {
                changed = true
            }
        }
        guard changed else { return }
        editors[i].state = .entries(list)
        structureRevision += 1
    }

    /// The answers the conditions see: the earlier answers with this step's fields as `valid`
    /// gives them. When the earlier answers already hold exactly those (a step shown with the
    /// answers it has), they are used as they are, so a long run does not copy every answer at
    /// every step and the conditions can apply only what changed since they last looked.
    func overlaid(_ valid: [String: JSONValue]) -> AnswerSnapshot {
        let base = baseAnswers.values
        guard editors.contains(where: { base[$0.field.identifier] != valid[$0.field.identifier] }) else { return baseAnswers }
        var values = base
        for e in editors { values[e.field.identifier] = valid[e.field.identifier] }
        return AnswerSnapshot(values: values)
    }

    private func validAnswersIgnoringConditions(now: Date) -> [String: JSONValue] {
        let validator = AnswerValidator(now: now, timeZone: timeZone)
        var out: [String: JSONValue] = [:]
        for e in editors where !e.field.isReadOnly && !e.field.isHidden {
            if case .success(let v) = e.validated(by: validator), v != .null { out[e.field.identifier] = v }
        }
        return out
    }
}
