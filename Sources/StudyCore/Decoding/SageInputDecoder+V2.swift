import Foundation

extension SageInputDecoder {
    /// A v2 input field: the dotted data type grammar plus `range` and `textFieldOptions`.
    func decodeV2Field(_ node: JSONNode, identifier: String) -> InputField? {
        guard let type = node.string("type", required: true) else { return nil }
        let parts = type.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let base = parts[0], sub = parts.count > 1 ? parts[1] : nil   // "" and "." have a base too (empty)
        let uiHint = hint(node)
        let ranges = RangeDecoder(node: node.object("range"))
        let kind: InputKind
        switch base {
        case "boolean":
            ranges.forbid(for: "a boolean field")
            kind = .boolean(BooleanOptions(isCheckbox: uiHint == .checkbox))
        case "string", "codable":
            ranges.forbid(for: "a text field")
            kind = .text(textOptions(node.object("textFieldOptions"), multiline: uiHint == .multipleLine))
        case "integer": kind = .integer(ranges.number(integer: true))
        case "decimal", "fraction": kind = .decimal(ranges.number(integer: false))
        case "year": kind = .year(ranges.year())
        case "duration": kind = .duration(ranges.duration())
        case "date", "timestamp", "dateOnly", "time":
            let fallback: DateOptions.Component = base == "timestamp" ? .dateTime : base == "time" ? .time : .date
            guard let o = ranges.date(defaultComponent: fallback) else { return nil }
            kind = .date(o)
        case "singleChoice", "multipleChoice":
            let baseType = sub.map { parseSub($0, node) } ?? .string
            guard let choices = SageChoiceDecoder(baseType: baseType).decodeChoices(node, key: "choices") else { return nil }
            kind = .choice(ChoiceOptions(choices: choices, allowsMultiple: base == "multipleChoice", baseType: baseType))
        case "multipleComponent":
            guard let comps = node.array("choices", required: true) else { return nil }
            if comps.isEmpty { node.error("a multiple component field needs at least one component", at: "choices"); return nil }
            let decoder = SageChoiceDecoder(baseType: sub.map { parseSub($0, node) } ?? .string)
            var components: [[Choice]] = []
            for c in comps {
                guard let items = c.elements() else { c.error("each component must be an array of choices"); return nil }
                guard let list = decoder.decodeList(items, owner: c) else { return nil }
                components.append(list)
            }
            kind = .multipleComponent(MultipleComponentOptions(components: components, separator: node.string("separator")))
        case "height", "weight", "bloodPressure":
            let range = MeasurementOptions.Range(rawValue: sub ?? "adult")
            if range == nil { node.error("unknown measurement range \"\(sub!)\"; use adult, child or infant", at: "type") }
            kind = .measurement(MeasurementOptions(kind: MeasurementOptions.Kind(rawValue: base)!, range: range ?? .adult))
        case "postalCode": kind = .postalCode
        default:
            node.error("unknown input type \"\(type)\"", at: "type")
            return nil
        }
        if uiHint == .slider { RangeDecoder.checkSlider(kind, node: node) }
        if uiHint == .picker { RangeDecoder.checkPicker(kind, node: node) }
        var field = InputField(identifier: identifier, prompt: node.string("prompt"), detail: node.string("promptDetail"),
                               placeholder: node.string("placeholder"), kind: kind,
                               isOptional: node.bool("optional") ?? false, uiHint: uiHint)
        if case .choice(let o) = kind, o.choices.count <= 1 { field.isOptional = true }
        if let d = node.value["defaultAnswer"], d != .null { field.initialValue = d }
        field.surveyRules = SageRuleDecoder(field: field).decodeRules(node)
        return field
    }

    private func parseSub(_ raw: String, _ node: JSONNode) -> ChoiceOptions.BaseType {
        switch raw {
        case "string": return .string
        case "integer", "year": return .integer
        case "decimal", "fraction": return .decimal
        case "boolean": return .boolean
        default:
            node.error("unknown choice value type \"\(raw)\"", at: "type")
            return .string
        }
    }

    /// v2 `textFieldOptions` (and v4 `regExValidator` through `textOptions(v4:)`).
    func textOptions(_ node: JSONNode?, multiline: Bool) -> TextOptions {
        var o = TextOptions(isMultiline: multiline)
        guard let node else { return o }
        if let pattern = node.string("textValidator") {
            o.pattern = RangeDecoder.checkRegex(pattern, node: node, key: "textValidator")
        }
        o.invalidMessage = node.string("invalidMessage")
        if let max = node.int("maximumLength") {
            if max < 0 { node.error("maximumLength must not be negative", at: "maximumLength") } else if max > 0 { o.maximumLength = max }
        }
        o.isSecure = node.bool("isSecureTextEntry") ?? false
        return o
    }
}
