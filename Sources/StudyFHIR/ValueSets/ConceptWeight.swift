import StudyCore

/// Reads the score of a concept or option: `ordinalValue`, `itemWeight`, the STU3 names, or a
/// CodeSystem `weight`/`itemWeight` property.
enum ConceptWeight {
    /// The extension URLs that carry a score, in order of preference.
    static let urls = [FHIRExtension.ordinalValue, FHIRExtension.itemWeight, FHIRExtension.stu3OrdinalValue,
                       FHIRExtension.core + "valueset-ordinalValue", FHIRExtension.core + "codesystem-ordinalValue"]

    /// The score of a concept, option or coding, if it has one.
    static func of(_ element: JSONValue) -> Double? {
        for url in urls { if let w = FHIRExtension.number(url, in: element) { return w } }
        for p in element["property"]?.arrayValue ?? [] where ["weight", "itemWeight", "ordinalValue"].contains(p["code"]?.stringValue ?? "") {
            if let w = p["valueDecimal"]?.doubleValue ?? p["valueInteger"]?.doubleValue { return w }
        }
        return nil
    }
}
