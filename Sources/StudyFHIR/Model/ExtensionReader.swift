import StudyCore

/// Reads an item's extensions into `QuestionnaireItem` and reports those that are not supported.
struct ExtensionReader {
    /// The item path for messages.
    let path: String
    /// The language for translated texts.
    let language: String?

    /// Extensions this reader turns into item properties.
    private static let handled: Set<String> = [
        FHIRExtension.itemControl, FHIRExtension.hidden, FHIRExtension.instruction, FHIRExtension.help,
        FHIRExtension.displayCategory, FHIRExtension.minValue, FHIRExtension.maxValue, FHIRExtension.minLength,
        FHIRExtension.regex, FHIRExtension.entryFormat, FHIRExtension.maxDecimalPlaces, FHIRExtension.minOccurs,
        FHIRExtension.maxOccurs, FHIRExtension.sliderStepValue, FHIRExtension.unit, FHIRExtension.unitOption,
        FHIRExtension.oldUnits, FHIRExtension.calculatedExpression, FHIRExtension.enableWhenExpression,
        FHIRExtension.variable, FHIRExtension.defaultValue, FHIRExtension.initialExpression,
    ]

    /// itemControl codes that change how an item is asked (others are reported).
    private static let itemControls: Set<String> = [
        "page", "list", "radio-button", "check-box", "drop-down", "autocomplete", "lookup", "slider", "spinner",
        "text-box", "help", "flyover",
    ]

    /// Extensions that are understood but not acted on, with what the participant misses.
    private static let unsupported: [String: String] = [
        FHIRExtension.answerExpression: "answerExpression (computed option lists) is not supported; the fixed options are used",
        FHIRExtension.core + "questionnaire-supportLink": "supportLink is not shown",
        FHIRExtension.core + "rendering-style": "rendering-style (CSS) is ignored",
        FHIRExtension.core + "rendering-xhtml": "rendering-xhtml is ignored; the plain text is shown",
        FHIRExtension.core + "rendering-markdown": "rendering-markdown is ignored; the plain text is shown",
        FHIRExtension.core + "questionnaire-usageMode": "usageMode is ignored (every item is shown when capturing)",
        FHIRExtension.core + "questionnaire-constraint": "questionnaire-constraint (FHIRPath invariants) is not checked",
        FHIRExtension.sdc + "targetConstraint": "targetConstraint (FHIRPath invariants) is not checked",
        FHIRExtension.sdc + "collapsible": "collapsible is ignored (sections are always open)",
        FHIRExtension.sdc + "shortText": "shortText is ignored",
        FHIRExtension.sdc + "columnCount": "columnCount is ignored",
        FHIRExtension.sdc + "itemMedia": "itemMedia is not shown",
        FHIRExtension.sdc + "openLabel": "openLabel is ignored; the free-text option is labelled \"Other\"",
        FHIRExtension.core + "questionnaire-unitValueSet": "unitValueSet is not expanded; use unitOption",
        FHIRExtension.sdc + "candidateExpression": "candidateExpression is not supported",
        FHIRExtension.sdc + "contextExpression": "contextExpression is not supported",
        FHIRExtension.sdc + "lookupQuestionnaire": "lookupQuestionnaire is not supported",
    ]

    /// Fills the extension-driven properties of `item` from `json`.
    func read(_ json: JSONValue, into item: inout QuestionnaireItem, log: inout DiagnosticLog) {
        item.itemControl = FHIRExtension.itemControlCode(of: json)
        if let code = item.itemControl, !Self.itemControls.contains(code) {
            log.warning(path, "itemControl \(code) is not supported; the item is shown in the default way")
        }
        item.isHidden = FHIRExtension.bool(FHIRExtension.hidden, in: json) ?? false
        item.instruction = localized(FHIRExtension.instruction, json)
        item.help = localized(FHIRExtension.help, json)
        item.minLength = FHIRExtension.int(FHIRExtension.minLength, in: json)
        item.regex = FHIRExtension.string(FHIRExtension.regex, in: json)
        item.entryFormat = localized(FHIRExtension.entryFormat, json)
        item.maxDecimalPlaces = FHIRExtension.int(FHIRExtension.maxDecimalPlaces, in: json)
        item.minOccurs = FHIRExtension.int(FHIRExtension.minOccurs, in: json)
        item.maxOccurs = FHIRExtension.int(FHIRExtension.maxOccurs, in: json)
        item.sliderStep = FHIRExtension.number(FHIRExtension.sliderStepValue, in: json)
        readBounds(json, into: &item)
        readUnits(json, into: &item)
        readExpressions(json, into: &item, log: &log)
        if let d = FHIRExtension.value(FHIRExtension.defaultValue, in: json), json["initial"] == nil { item.initial = [d] }
        reportOthers(json, log: &log)
        if let text = json["_text"] {
            for ext in text["extension"]?.arrayValue ?? [] {
                if let url = ext["url"]?.stringValue, let why = Self.unsupported[url] { log.warning(ItemPath.member(path, "_text"), why) }
            }
        }
    }

    private func localized(_ url: String, _ json: JSONValue) -> String? {
        guard let e = FHIRExtension.first(url, in: json) else { return nil }
        return Translation.member("valueString", of: e, language: language) ?? Translation.member("valueMarkdown", of: e, language: language)
    }

    /// minValue/maxValue: the typed bound, plus C3-PRO's extra valueString slider label (read, never written).
    private func readBounds(_ json: JSONValue, into item: inout QuestionnaireItem) {
        for (url, isMin) in [(FHIRExtension.minValue, true), (FHIRExtension.maxValue, false)] {
            for e in FHIRExtension.all(url, in: json) {
                guard case .value(let v) = FHIRValue.read(from: e, prefix: "value") else { continue }
                if case .string(let label) = v {
                    if isMin { item.minLabel = label } else { item.maxLabel = label }
                } else if isMin { item.minValue = v } else { item.maxValue = v }
            }
        }
    }

    private func readUnits(_ json: JSONValue, into item: inout QuestionnaireItem) {
        if let e = FHIRExtension.first(FHIRExtension.unit, in: json), let c = e["valueCoding"].flatMap(Coding.init(json:)) {
            item.units = [c]
        }
        item.units += FHIRExtension.all(FHIRExtension.unitOption, in: json).compactMap { $0["valueCoding"].flatMap(Coding.init(json:)) }
        if item.units.isEmpty, let s = FHIRExtension.string(FHIRExtension.oldUnits, in: json) {
            item.units = [Coding(display: s)]
        }
    }

    private func readExpressions(_ json: JSONValue, into item: inout QuestionnaireItem, log: inout DiagnosticLog) {
        for (url, name) in [(FHIRExtension.calculatedExpression, "calculatedExpression"), (FHIRExtension.enableWhenExpression, "enableWhenExpression"),
                            (FHIRExtension.initialExpression, "initialExpression")] {
            guard let e = FHIRExtension.expression(url, in: json) else { continue }
            guard e.language == "text/fhirpath" else {
                log.warning(path, "\(name) in \(e.language) is not supported (only text/fhirpath): \(e.expression)")
                continue
            }
            switch url {
            case FHIRExtension.calculatedExpression: item.calculatedExpression = e.expression
            case FHIRExtension.initialExpression: item.initialExpression = e.expression
            default: item.enableWhenExpression = e.expression
            }
        }
        item.variables = Self.variables(json, path: path, log: &log)
    }

    /// The `variable` extensions of an element (Questionnaire or item).
    static func variables(_ json: JSONValue, path: String, log: inout DiagnosticLog) -> [NamedExpression] {
        var out: [NamedExpression] = []
        for e in FHIRExtension.all(FHIRExtension.variable, in: json) {
            guard let v = FHIRExtension.namedExpression(from: e), let name = v.name else {
                log.warning(path, "variable without a name or expression; ignored")
                continue
            }
            guard v.language == "text/fhirpath" else {
                log.warning(path, "variable %\(name) in \(v.language) is not supported (only text/fhirpath): \(v.expression)")
                continue
            }
            out.append(v)
        }
        return out
    }

    private func reportOthers(_ json: JSONValue, log: inout DiagnosticLog) {
        var seen: Set<String> = []
        for e in json["extension"]?.arrayValue ?? [] {
            guard let url = e["url"]?.stringValue, seen.insert(url).inserted else { continue }
            if Self.handled.contains(url) || FHIRExtension.informational.contains(url) { continue }
            if let why = Self.unsupported[url] { log.warning(path, why) } else {
                log.warning(path, "extension \(url) is not supported; ignored")
            }
        }
        for key in ["modifierExtension"] where json[key] != nil {
            log.warning(path, "modifierExtension present; StudyFHIR does not understand it and the item may be asked wrongly")
        }
    }
}
