import Foundation

extension SageInputDecoder {
    /// A v4 / AssessmentModel input item.
    func decodeV4Item(_ node: JSONNode, identifier: String, defaultOptional: Bool) -> InputField? {
        guard node.requireObject("an input item") != nil, let type = node.string("type", required: true) else { return nil }
        let uiHint = hint(node)
        let options = RangeDecoder(node: node.object("formatOptions"), v4: true)
        let kind: InputKind
        switch type {
        case "string":
            var text = TextOptions(isMultiline: uiHint == .multipleLine)
            if let v = node.object("regExValidator") {
                text.pattern = v.string("pattern", required: true).flatMap { RangeDecoder.checkRegex($0, node: v, key: "pattern") }
                text.invalidMessage = v.string("invalidMessage")
            }
            if let max = node.object("keyboardOptions")?.int("maximumLength"), max > 0 { text.maximumLength = max }
            kind = .text(text)
        case "integer": kind = .integer(options.number(integer: true))
        case "decimal", "number": kind = .decimal(options.number(integer: false))
        case "year": kind = .year(options.year())
        case "duration": kind = .duration(options.duration())
        case "date-time", "date", "time":
            let component = DateOptions.Component(rawValue: type)!
            guard let o = options.date(defaultComponent: component, fixed: true) else { return nil }
            kind = .date(o)
        case "height", "weight":
            let raw = node.string("measurementRange") ?? "adult"
            let range = MeasurementOptions.Range(rawValue: raw)
            if range == nil { node.error("unknown measurementRange \"\(raw)\"; use adult, child or infant", at: "measurementRange") }
            kind = .measurement(MeasurementOptions(kind: type == "height" ? .height : .weight, range: range ?? .adult))
        case "checkbox":
            kind = .boolean(BooleanOptions(trueLabel: node.string("fieldLabel") ?? node.string("label") ?? "Yes", isCheckbox: true))
        case "stringChoicePicker", "choicePicker":
            let base: ChoiceOptions.BaseType = type == "stringChoicePicker" ? .string : inferBase(node)
            guard let choices = SageChoiceDecoder(baseType: base).decodeChoices(node, key: "choices") else { return nil }
            kind = .choice(ChoiceOptions(choices: choices, baseType: base))
        case "postalCode": kind = .postalCode
        default:
            node.error("unknown input item type \"\(type)\"", at: "type")
            return nil
        }
        if uiHint == .slider { RangeDecoder.checkSlider(kind, node: node) }
        if (type.hasSuffix("Picker") ? (uiHint ?? .picker) : uiHint) == .picker { RangeDecoder.checkPicker(kind, node: node) }
        var field = InputField(identifier: identifier, prompt: node.string("fieldLabel") ?? node.string("label"),
                               detail: node.string("detail"), placeholder: node.string("placeholder"), kind: kind,
                               isOptional: node.bool("optional") ?? defaultOptional,
                               uiHint: type.hasSuffix("Picker") ? (uiHint ?? .picker) : uiHint,
                               isExclusive: node.bool("exclusive") ?? false)
        if case .boolean(let b) = kind, b.isCheckbox { field.prompt = nil }
        return field
    }

    /// The base type of choice values in a `choicePicker`, from the values themselves.
    private func inferBase(_ node: JSONNode) -> ChoiceOptions.BaseType {
        let values = (node.value["choices"]?.arrayValue ?? []).compactMap { $0["value"] ?? ($0.objectValue == nil ? $0 : nil) }
        if values.allSatisfy({ if case .int = $0 { return true }; return false }) { return .integer }
        if values.allSatisfy({ $0.doubleValue != nil }) { return .decimal }
        if values.allSatisfy({ $0.boolValue != nil }) { return .boolean }
        return .string
    }
}
