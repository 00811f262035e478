import Foundation
import StudyCore

/// What an expression can see: `%resource`, `%context`, `%questionnaire`, named variables, the
/// option scores for `ordinal()`/`weight()`, and the clock for `today()`/`now()`.
public struct FHIRPathEnvironment: Sendable {
    /// `%name` → value (without the `%`).
    public var variables: [String: [FHIRPathItem]]
    /// Scores of answer options.
    public var scores: ScoreTable
    /// The instant `now()` and `today()` report.
    public var now: Date

    /// Creates an environment; the standard constants `%ucum`, `%sct` and `%loinc` are added.
    public init(variables: [String: [FHIRPathItem]] = [:], scores: ScoreTable = ScoreTable(), now: Date = Date()) {
        var v = variables
        v["ucum"] = v["ucum"] ?? [FHIRPathItem(.string(Quantity.ucum))]
        v["sct"] = v["sct"] ?? [FHIRPathItem(.string("http://snomed.info/sct"))]
        v["loinc"] = v["loinc"] ?? [FHIRPathItem(.string("http://loinc.org"))]
        self.variables = v
        self.scores = scores
        self.now = now
    }

    /// Sets `%name` to a JSON value.
    public mutating func set(_ name: String, json: JSONValue) {
        variables[name] = FHIRPathValue.from(json, linkId: nil)
    }

    /// `%vs-name` and `%ext-name`: the canonical URL of a value set or extension of the specification.
    public static func specificationURL(_ name: String) -> String? {
        if name.hasPrefix("vs-") { return "http://hl7.org/fhir/ValueSet/" + name.dropFirst(3) }
        if name.hasPrefix("ext-") { return "http://hl7.org/fhir/StructureDefinition/" + name.dropFirst(4) }
        return nil
    }
}
