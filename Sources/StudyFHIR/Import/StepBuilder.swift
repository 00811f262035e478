import StudyCore

/// Maps the item tree onto StudyCore steps. Step identifiers are linkIds (a group's heading step is
/// `<linkId>#intro`), field identifiers are linkIds, so results map back to items.
///
/// - group → a section (its text, when shown, is an instruction step at the start);
///   itemControl `page` → one question step with a field per question; `repeats` → one
///   `repeatingGroup` field whose answer is an array of objects keyed by linkId.
/// - display → an instruction step; `help`/`flyover` display children are the parent's help.
/// - question → a question step with one field; children of a question follow it as steps;
///   a repeating question with children is asked as a repeating group (one repetition per answer).
struct StepBuilder {
    /// Problems found while mapping.
    var log: DiagnosticLog

    /// The steps for a list of sibling items.
    mutating func steps(_ items: [QuestionnaireItem]) -> [StepDefinition] {
        items.flatMap { steps(for: $0) }
    }

    private mutating func steps(for item: QuestionnaireItem) -> [StepDefinition] {
        let id = StepID(item.linkId)
        guard let type = item.type else {
            return [StepDefinition(identifier: id, kind: .unknown(UnknownStep(raw: item.raw)), typeName: item.rawType, text: item.displayText)]
        }
        switch type {
        case .display:
            var out: [StepDefinition] = []
            if !item.isHidden, item.displayText != nil || item.help != nil {
                out.append(StepDefinition(identifier: id, kind: .instruction, typeName: "display", text: item.displayText,
                                          detail: FieldBuilder.joined([item.instruction, item.help])))
            }
            return out + steps(item.children)
        case .group where item.repeats:
            return [questionStep(item, fields: [repeatingGroupField(item, fields: fields(item.children))], shape: .collection)]
        case .group where item.itemControl == "page":
            var pending: [String] = []
            let list = fields(item.children, pending: &pending)
            var step = questionStep(item, fields: list, shape: .collection)
            if !pending.isEmpty { step.footnote = pending.joined(separator: "\n") }
            if list.isEmpty { step.kind = .instruction }
            return [step]
        case .group:
            return [section(item)]
        default:
            if item.isRepeatingQuestionWithChildren {
                var own = item
                own.repeats = false
                let inner = [FieldBuilder.field(own, labelled: true, log: &log)] + fields(item.children)
                return [questionStep(item, fields: [repeatingGroupField(item, fields: inner)], shape: .single)]
            }
            let field = FieldBuilder.field(item, labelled: false, log: &log)
            return [questionStep(item, fields: [field], shape: .single)] + steps(item.children)
        }
    }

    private func questionStep(_ item: QuestionnaireItem, fields: [InputField], shape: QuestionStep.ResultShape) -> StepDefinition {
        StepDefinition(identifier: StepID(item.linkId), kind: .question(QuestionStep(fields: fields, resultShape: shape)),
                       typeName: item.rawType, title: item.displayText, text: item.instruction, detail: item.help)
    }

    private mutating func section(_ item: QuestionnaireItem) -> StepDefinition {
        var children = steps(item.children)
        if item.isHidden, item.children.contains(where: { !$0.isHidden && $0.isQuestion }) {
            log.warning(item.path, "questionnaire-hidden on a group hides its heading only; the questions in it are still asked")
        }
        if !item.isHidden, item.displayText != nil || item.instruction != nil || item.help != nil {
            children.insert(StepDefinition(identifier: StepID(item.linkId + QuestionnaireConditions.introSuffix), kind: .instruction,
                                           typeName: "group", title: item.displayText, text: item.instruction, detail: item.help), at: 0)
        }
        return StepDefinition(identifier: StepID(item.linkId), kind: .section(SectionStep(steps: StepList(steps: children))),
                              typeName: "group", title: item.isHidden ? nil : item.displayText)
    }

    private func repeatingGroupField(_ item: QuestionnaireItem, fields: [InputField]) -> InputField {
        let options = RepeatingGroupOptions(fields: fields, minimumCount: item.minOccurs ?? (item.required ? 1 : 0),
                                            maximumCount: item.maxOccurs, itemLabel: item.text ?? item.linkId)
        return InputField(identifier: item.linkId, prompt: item.displayText, detail: FieldBuilder.joined([item.instruction, item.help]),
                          kind: .repeatingGroup(options), isOptional: !item.required, isReadOnly: item.readOnly, isHidden: item.isHidden)
    }

    /// The fields of a repeating group: display text is attached to the next field.
    private mutating func fields(_ items: [QuestionnaireItem]) -> [InputField] {
        var pending: [String] = []
        let out = fields(items, pending: &pending)
        if !pending.isEmpty, let last = items.last {
            log.warning(last.path, "display text after the last question of a repeating group is not shown")
        }
        return out
    }

    /// Fields for items shown together: nested plain groups are flattened (their text becomes the next
    /// field's detail), repeating ones become `repeatingGroup` fields.
    private mutating func fields(_ items: [QuestionnaireItem], pending: inout [String]) -> [InputField] {
        var out: [InputField] = []
        for item in items {
            guard let type = item.type else {
                log.warning(item.path, "an item of unknown type \"\(item.rawType)\" inside a page or repeating group is left out")
                continue
            }
            if type == .display {
                if !item.isHidden, let t = item.displayText { pending.append(t) }
                continue
            }
            if item.answersAsRepetitions {
                var inner = item
                inner.repeats = false
                let innerFields = type == .group ? fields(item.children) : [FieldBuilder.field(inner, labelled: true, log: &log)] + fields(item.children)
                out.append(attach(&pending, to: repeatingGroupField(item, fields: innerFields)))
                continue
            }
            if type == .group {
                if !item.isHidden, let t = item.displayText { pending.append(t) }
                out.append(contentsOf: fields(item.children, pending: &pending))
                continue
            }
            out.append(attach(&pending, to: FieldBuilder.field(item, labelled: true, log: &log)))
            out.append(contentsOf: fields(item.children, pending: &pending))
        }
        return out
    }

    private func attach(_ pending: inout [String], to field: InputField) -> InputField {
        guard !pending.isEmpty else { return field }
        var f = field
        f.detail = FieldBuilder.joined([pending.joined(separator: "\n"), f.detail])
        pending.removeAll()
        return f
    }
}
