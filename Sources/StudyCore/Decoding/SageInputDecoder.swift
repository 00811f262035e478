import Foundation

/// Decodes question steps: v2 `form` input fields and v4 / AssessmentModel questions.
struct SageInputDecoder {
    let format: TaskFormat

    /// A v2 form (or a custom step carrying `inputFields`).
    func decodeForm(_ node: JSONNode, stepID: String) -> QuestionStep? {
        guard let items = node.array("inputFields", required: true) else { return nil }
        if items.isEmpty { node.error("a form step needs at least one input field", at: "inputFields"); return nil }
        var fields: [InputField] = []
        var seen = Set<String>()
        for item in items {
            guard item.requireObject("an input field") != nil else { continue }
            let id = item.string("identifier") ?? stepID
            if !seen.insert(id).inserted {
                item.error("duplicate input field identifier \"\(id)\"; each field of a step needs its own", at: "identifier")
                continue
            }
            if let f = decodeV2Field(item, identifier: id) { fields.append(f) }
        }
        guard fields.count == items.count else { return nil }
        return QuestionStep(fields: fields, resultShape: .collection)
    }

    /// A v4 question step (`simpleQuestion`, `multipleInputQuestion`, `choiceQuestion`, `stringChoiceQuestion`).
    func decodeQuestion(_ node: JSONNode, type: String, stepID: String) -> QuestionStep? {
        let stepOptional = node.bool("optional") ?? true
        let skipLabel = node.object("skipCheckbox")?.string("fieldLabel")
        switch type {
        case "simpleQuestion":
            guard let item = node.object("inputItem", required: true),
                var field = decodeV4Item(item, identifier: stepID, defaultOptional: stepOptional)
            else { return nil }
            // AssessmentModel puts the hint on the question ("uiHint": "likert" beside the item).
            if field.uiHint == nil, let stepHint = hint(node) {
                field.uiHint = stepHint
                if stepHint == .slider { RangeDecoder.checkSlider(field.kind, node: node) }
            }
            field.isOptional = stepOptional && field.isOptional
            field.surveyRules = SageRuleDecoder(field: field).decodeRules(node)
            return QuestionStep(fields: [field], resultShape: .single, skipCheckboxLabel: skipLabel)
        case "multipleInputQuestion":
            guard let items = node.array("inputItems", required: true) else { return nil }
            if items.isEmpty { node.error("a multiple input question needs at least one input item", at: "inputItems"); return nil }
            var fields: [InputField] = []
            var seen = Set<String>()
            for (i, item) in items.enumerated() {
                let id = item.value["identifier"]?.stringValue ?? "\(stepID)\(i)"
                if !seen.insert(id).inserted {
                    item.error("duplicate input item identifier \"\(id)\"", at: "identifier")
                    continue
                }
                if let f = decodeV4Item(item, identifier: id, defaultOptional: stepOptional) { fields.append(f) }
            }
            guard fields.count == items.count else { return nil }
            let objectField = InputField(identifier: stepID, kind: .text(TextOptions()))
            return QuestionStep(fields: fields, resultShape: .object,
                                stepRules: SageRuleDecoder(field: objectField, objectAnswer: true).decodeRules(node),
                                skipCheckboxLabel: skipLabel)
        default:
            let strings = type == "stringChoiceQuestion"
            let base = strings ? ChoiceOptions.BaseType.string : parseBaseType(node, key: "baseType")
            guard let choices = SageChoiceDecoder(baseType: base).decodeChoices(node, key: "choices") else { return nil }
            var other: OtherOption?
            if let o = node.object("other") {
                other = OtherOption(label: o.string("fieldLabel") ?? "Other", placeholder: o.string("placeholder"))
            }
            let options = ChoiceOptions(choices: choices, allowsMultiple: !(node.bool("singleChoice") ?? true),
                                        baseType: base, other: other)
            var field = InputField(identifier: stepID, kind: .choice(options), isOptional: stepOptional,
                                   uiHint: hint(node))
            field.surveyRules = SageRuleDecoder(field: field).decodeRules(node)
            return QuestionStep(fields: [field], resultShape: .single)
        }
    }

    func parseBaseType(_ node: JSONNode, key: String) -> ChoiceOptions.BaseType {
        guard let raw = node.string(key) else { return .string }
        switch raw {
        case "string": return .string
        case "integer": return .integer
        case "number", "decimal": return .decimal
        case "boolean": return .boolean
        default:
            node.error("unknown base type \"\(raw)\"; use string, integer, number or boolean", at: key)
            return .string
        }
    }

    func hint(_ node: JSONNode) -> UIHint? {
        guard let raw = node.string("uiHint") else { return nil }
        guard let h = UIHint.parse(raw) else {
            node.warning("unknown uiHint \"\(raw)\" is ignored", at: "uiHint")
            return nil
        }
        return h
    }
}
