import StudyCore

/// Extension URLs StudyFHIR reads, and helpers to find them on an element.
public enum FHIRExtension {
    static let core = "http://hl7.org/fhir/StructureDefinition/"
    static let sdc = "http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-"

    static let itemControl = core + "questionnaire-itemControl"
    static let hidden = core + "questionnaire-hidden"
    static let instruction = core + "questionnaire-instruction"
    static let help = core + "questionnaire-help"
    static let displayCategory = core + "questionnaire-displayCategory"
    static let minValue = core + "minValue"
    static let maxValue = core + "maxValue"
    static let minLength = core + "minLength"
    static let regex = core + "regex"
    static let entryFormat = core + "entryFormat"
    static let maxDecimalPlaces = core + "maxDecimalPlaces"
    static let minOccurs = core + "questionnaire-minOccurs"
    static let maxOccurs = core + "questionnaire-maxOccurs"
    static let sliderStepValue = core + "questionnaire-sliderStepValue"
    static let unit = core + "questionnaire-unit"
    static let unitOption = core + "questionnaire-unitOption"
    static let oldUnits = core + "questionnaire-units"
    static let optionExclusive = core + "questionnaire-optionExclusive"
    static let optionPrefix = core + "questionnaire-optionPrefix"
    static let valueSetLabel = core + "valueset-label"
    static let ordinalValue = core + "ordinalValue"
    static let itemWeight = core + "itemWeight"
    static let stu3OrdinalValue = core + "questionnaire-ordinalValue"
    static let translation = core + "translation"
    static let variable = core + "variable"
    static let defaultValue = core + "questionnaire-defaultValue"
    static let calculatedExpression = sdc + "calculatedExpression"
    static let enableWhenExpression = sdc + "enableWhenExpression"
    static let initialExpression = sdc + "initialExpression"
    static let answerExpression = sdc + "answerExpression"
    static let itemControlSystem = "http://hl7.org/fhir/questionnaire-item-control"

    /// Extensions that only describe the form (publishing, design) and change nothing when run.
    static let informational: Set<String> = [
        core + "questionnaire-fhirType", core + "structuredefinition-fmm", core + "structuredefinition-standards-status",
        core + "designNote", core + "rendering-styleSensitive", core + "questionnaire-choiceOrientation",
        core + "questionnaire-signatureRequired", core + "questionnaire-baseType", core + "questionnaire-referenceResource",
        sdc + "observationLinkPeriod", sdc + "observationExtract", sdc + "performerType", sdc + "itemExtractionContext",
        sdc + "definitionExtract", sdc + "unitOpen", sdc + "unitSupplementalSystem",
        "http://fhir.org/guides/argonaut/questionnaire/StructureDefinition/extension-itemOrder",
        "http://fhir-registry.smarthealthit.org/StructureDefinition/value-picker",
    ]

    /// Every extension object of an element with this URL.
    static func all(_ url: String, in element: JSONValue?) -> [JSONValue] {
        (element?["extension"]?.arrayValue ?? []).filter { $0["url"]?.stringValue == url }
    }

    /// The first extension object with this URL.
    static func first(_ url: String, in element: JSONValue?) -> JSONValue? {
        element?["extension"]?.arrayValue?.first { $0["url"]?.stringValue == url }
    }

    /// The typed `value[x]` of the first extension with this URL.
    static func value(_ url: String, in element: JSONValue?) -> FHIRValue? {
        guard let e = first(url, in: element), case .value(let v) = FHIRValue.read(from: e, prefix: "value") else {
            return nil
        }
        return v
    }

    /// The Boolean value of the first extension with this URL.
    static func bool(_ url: String, in element: JSONValue?) -> Bool? {
        first(url, in: element)?["valueBoolean"]?.boolValue
    }

    /// The string value (`valueString`, `valueMarkdown`, `valueCode`) of the first extension with this URL.
    static func string(_ url: String, in element: JSONValue?) -> String? {
        guard let e = first(url, in: element) else { return nil }
        return e["valueString"]?.stringValue ?? e["valueMarkdown"]?.stringValue ?? e["valueCode"]?.stringValue
    }

    /// The integer value of the first extension with this URL.
    static func int(_ url: String, in element: JSONValue?) -> Int? {
        first(url, in: element)?["valueInteger"]?.intValue
    }

    /// The numeric value (integer or decimal) of the first extension with this URL.
    static func number(_ url: String, in element: JSONValue?) -> Double? {
        guard let e = first(url, in: element) else { return nil }
        return e["valueDecimal"]?.doubleValue ?? e["valueInteger"]?.doubleValue
    }

    /// The `questionnaire-itemControl` code of an element.
    static func itemControlCode(of element: JSONValue?) -> String? {
        guard let e = first(itemControl, in: element) else { return nil }
        let codings = e["valueCodeableConcept"]?["coding"]?.arrayValue ?? []
        return codings.compactMap { $0["code"]?.stringValue }.first
    }

    /// The `Expression` of the first extension with this URL.
    static func expression(_ url: String, in element: JSONValue?) -> NamedExpression? {
        first(url, in: element).flatMap { namedExpression(from: $0) }
    }

    /// Reads the `valueExpression` of an extension.
    static func namedExpression(from ext: JSONValue) -> NamedExpression? {
        guard let e = ext["valueExpression"], let text = e["expression"]?.stringValue else { return nil }
        return NamedExpression(name: e["name"]?.stringValue, expression: text,
                               language: e["language"]?.stringValue ?? "text/fhirpath")
    }
}
