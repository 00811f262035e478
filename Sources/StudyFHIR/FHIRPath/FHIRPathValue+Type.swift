import StudyCore

extension FHIRPathValue {
    /// The FHIRPath type name shown to authors: `Boolean`, `Integer`, `Decimal`, `String`, `Date`,
    /// `DateTime`, `Time`, `Quantity`, or the resource type of a resource (else `object`).
    public var typeName: String {
        switch self {
        case .boolean: return "Boolean"
        case .integer: return "Integer"
        case .decimal: return "Decimal"
        case .string: return "String"
        case .temporal(let s):
            if s.hasPrefix("T") { return "Time" }
            return s.contains("T") ? "DateTime" : "Date"
        case .quantity: return "Quantity"
        case .node(let o): return o["resourceType"]?.stringValue ?? "object"
        }
    }
}
