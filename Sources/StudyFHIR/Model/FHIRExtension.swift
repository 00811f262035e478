import StudyCore

/// Extension URLs StudyFHIR reads, and helpers to find them on an element.
public enum FHIRExtension {
    /// The base of core FHIR extension URLs.
    static let core = "http://hl7.org/fhir/StructureDefinition/"
    /// The base of SDC Questionnaire extension URLs.
    static let sdc = "http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-"

    /// The `questionnaire-itemControl` extension URL (core).
    static let itemControl = core + "questionnaire-itemControl"
    /// The `questionnaire-hidden` extension URL (core).
    static let hidden = core + "questionnaire-hidden"
    /// The `questionnaire-instruction` extension URL (core).
    static let instruction = core + "questionnaire-instruction"
    /// The `questionnaire-help` extension URL (core).
    static let help = core + "questionnaire-help"
    /// The `questionnaire-displayCategory` extension URL (core).
    static let displayCategory = core + "questionnaire-displayCategory"
    /// The `minValue` extension URL (core).
    static let minValue = core + "minValue"
    /// The `maxValue` extension URL (core).
    static let maxValue = core + "maxValue"
    /// The `minLength` extension URL (core).
    static let minLength = core + "minLength"
    /// The `regex` extension URL (core).
    static let regex = core + "regex"
    /// The `entryFormat` extension URL (core).
    static let entryFormat = core + "entryFormat"
    /// The `maxDecimalPlaces` extension URL (core).
    static let maxDecimalPlaces = core + "maxDecimalPlaces"
    /// The `questionnaire-minOccurs` extension URL (core).
    static let minOccurs = core + "questionnaire-minOccurs"
    /// The `questionnaire-maxOccurs` extension URL (core).
    static let maxOccurs = core + "questionnaire-maxOccurs"
    /// The `questionnaire-sliderStepValue` extension URL (core).
    static let sliderStepValue = core + "questionnaire-sliderStepValue"
    /// The `questionnaire-unit` extension URL (core).
    static let unit = core + "questionnaire-unit"
    /// The `questionnaire-unitOption` extension URL (core).
    static let unitOption = core + "questionnaire-unitOption"
    /// The `questionnaire-units` extension URL (core).
    static let oldUnits = core + "questionnaire-units"
    /// The `questionnaire-optionExclusive` extension URL (core).
    static let optionExclusive = core + "questionnaire-optionExclusive"
    /// The `questionnaire-optionPrefix` extension URL (core).
    static let optionPrefix = core + "questionnaire-optionPrefix"
    /// The `valueset-label` extension URL (core).
    static let valueSetLabel = core + "valueset-label"
    /// The `ordinalValue` extension URL (core).
    static let ordinalValue = core + "ordinalValue"
    /// The `itemWeight` extension URL (core).
    static let itemWeight = core + "itemWeight"
    /// The `questionnaire-ordinalValue` extension URL (core).
    static let stu3OrdinalValue = core + "questionnaire-ordinalValue"
    /// The `translation` extension URL (core).
    static let translation = core + "translation"
    /// The `variable` extension URL (core).
    static let variable = core + "variable"
    /// The `questionnaire-defaultValue` extension URL (core).
    static let defaultValue = core + "questionnaire-defaultValue"
    /// The `calculatedExpression` extension URL (SDC).
    static let calculatedExpression = sdc + "calculatedExpression"
    /// The `enableWhenExpression` extension URL (SDC).
    static let enableWhenExpression = sdc + "enableWhenExpression"
    /// The `initialExpression` extension URL (SDC).
    static let initialExpression = sdc + "initialExpression"
    /// The `answerExpression` extension URL (SDC).
    static let answerExpression = sdc + "answerExpression"
    /// The code system of itemControl codes.
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
