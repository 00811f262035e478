import Foundation
import StudyCore

/// Turns one question item into a StudyCore `InputField` (identifier = linkId).
struct FieldBuilder {
    /// Formats StudyCore date answers use for FHIR date, dateTime and time items.
    static let dateFormat = "yyyy-MM-dd", dateTimeFormat = "yyyy-MM-dd'T'HH:mm:ssXXX", timeFormat = "HH:mm:ss"

    /// The field for `item`. `labelled` puts the question text and help on the field (several
    /// fields on one screen); otherwise the step carries them.
    static func field(_ item: QuestionnaireItem, labelled: Bool, log: inout DiagnosticLog) -> InputField {
        let kind = kind(item, log: &log)
        var field = InputField(
            identifier: item.linkId, prompt: labelled ? item.displayText : nil,
            detail: labelled ? joined([item.instruction, item.help]) : nil,
            placeholder: item.entryFormat ?? defaultPlaceholder(item), kind: kind, isOptional: !item.required,
            uiHint: uiHint(item), repeats: item.repeats && !kind.isChoice, isReadOnly: item.readOnly || item.calculatedExpression != nil,
            isHidden: item.isHidden)
        field.initialValue = AnswerCoding.coreAnswer(item.initial, item: item).map { v in
            kind.isMultipleChoice && v.arrayValue == nil ? .array([v]) : v
        }
        return field
    }

    /// Non-empty parts joined by newlines, or nil.
    static func joined(_ parts: [String?]) -> String? {
        let p = parts.compactMap { $0 }.filter { !$0.isEmpty }
        return p.isEmpty ? nil : p.joined(separator: "\n")
    }

    private static func defaultPlaceholder(_ item: QuestionnaireItem) -> String? {
        switch item.type {
        case .attachment?: return "path to a file"
        case .reference?: return "identifier, e.g. Patient/123"
        case .url?: return "https://…"
        default: return nil
        }
    }

    /// The StudyCore hint for a `questionnaire-itemControl` code.
    static func uiHint(_ item: QuestionnaireItem) -> UIHint? {
        switch item.itemControl {
        case "radio-button": return .radioButton
        case "check-box": return .checkbox
        case "drop-down", "spinner", "lookup": return .picker
        case "autocomplete": return .combobox
        case "slider": return .slider
        case "text-box": return .multipleLine
        case "list": return .list
        default: return item.type == .text ? .multipleLine : nil
        }
    }

    private static func kind(_ item: QuestionnaireItem, log: inout DiagnosticLog) -> InputKind {
        switch item.type {
        case .boolean?: return .boolean(BooleanOptions())
        case .integer?, .decimal?, .quantity?: return .numeric(item, log: &log)
        case .date?: return .date(dateOptions(.date, dateFormat, item, partial: ["yyyy-MM", "yyyy"]))
        case .dateTime?: return .date(dateOptions(.dateTime, dateTimeFormat, item, partial: ["yyyy-MM-dd", "yyyy-MM", "yyyy"]))
        case .time?: return .date(DateOptions(component: .time, codingFormat: timeFormat))
        case .choice?, .openChoice?:
            if item.answerOptions.isEmpty { return .text(TextOptions()) }
            let ints = item.answerOptions.allSatisfy { if case .integer = $0.value { return true }; return false }
            let choices = item.answerOptions.map { o in
                Choice(value: AnswerCoding.coreValue(o.value, item: item), text: [o.prefix, o.label].compactMap { $0 }.joined(separator: " "),
                       isExclusive: o.isExclusive)
            }
            let objects = choices.allSatisfy { if case .object? = $0.value { return true }; return false }
            return .choice(ChoiceOptions(choices: choices, allowsMultiple: item.repeats, baseType: objects ? .object : (ints ? .integer : .string),
                                         other: item.type == .openChoice || item.valueSetUnavailable ? OtherOption(placeholder: item.entryFormat) : nil))
        default:
            // A participant is told what to type (the entryFormat, if any), never the raw pattern.
            return .text(TextOptions(isMultiline: item.type == .text, pattern: item.regex, invalidMessage: item.regex.map { _ in
                item.entryFormat.map { "Enter it like \($0)." } ?? "This answer does not have the expected format."
            }, maximumLength: item.maxLength, minimumLength: item.minLength))
        }
    }

    private static func dateOptions(_ c: DateOptions.Component, _ format: String, _ item: QuestionnaireItem, partial: [String]) -> DateOptions {
        let parse = { (v: FHIRValue?) in v?.textValue.flatMap { ResultDate.date(from: $0) } }
        let initial = item.initial.first?.textValue
        var options = DateOptions(component: c, codingFormat: format, minimum: parse(item.minValue), maximum: parse(item.maxValue),
                                  defaultValue: initial)
        options.partialFormats = partial  // FHIR date and dateTime allow a year or a month alone
        return options
    }
}

extension InputKind {
    /// True for choice kinds.
    var isChoice: Bool { if case .choice = self { return true }; return false }

    /// True for a choice that takes several options.
    var isMultipleChoice: Bool { if case .choice(let o) = self { return o.allowsMultiple }; return false }

    /// Integer, decimal and quantity items (a quantity is a decimal in the item's unit, or in the
    /// unit chosen among its unitOptions).
    static func numeric(_ item: QuestionnaireItem, log: inout DiagnosticLog) -> InputKind {
        let step = item.sliderStep ?? (item.itemControl == "slider" ? (item.type == .integer ? 1 : nil) : nil)
        let options = NumberOptions(
            minimum: item.minValue?.numericValue, maximum: item.maxValue?.numericValue, step: step,
            unit: item.units.first.map(\.unitName), maximumFractionDigits: item.type == .integer ? 0 : item.maxDecimalPlaces,
            minimumLabel: item.minLabel, maximumLabel: item.maxLabel)
        var withUnits = options
        if item.type == .quantity, item.units.count > 1 {  // every unitOption is offered; the answer carries the chosen one
            withUnits.units = item.units.map { UnitChoice(label: $0.code == nil && $0.display == nil ? "?" : $0.unitName, code: $0.code, system: $0.code == nil ? nil : $0.system ?? Quantity.ucum) }
        }
        // The same limits the screen shows by (NumberOptions+Controls), so check and run agree.
        let isInteger = item.type == .integer
        if options.minimum != nil, options.maximum != nil {
            if FieldBuilder.uiHint(item) == .slider, let problem = options.sliderProblem(isInteger: isInteger) {
                log.error(item.path, problem)
            } else if FieldBuilder.uiHint(item) == .picker, options.pickerValues(isInteger: isInteger) == nil {
                log.warning(item.path, "a drop-down lists at most \(NumberOptions.pickerValueLimit) values; this range is asked as a typed number")
            }
        }
        return isInteger ? .integer(withUnits) : .decimal(withUnits)
    }
}
