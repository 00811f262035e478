import StudyCore

/// A FHIRPath value. JSON strings stay strings (dates compare as text at equal precision).
public enum FHIRPathValue: Sendable, Equatable {
    case boolean(Bool)
    case integer(Int)
    case decimal(Double)
    case string(String)
    /// A date, dateTime or time literal (`@2020-01-01`, `@T10:00`), kept as text without the `@`.
    case temporal(String)
    case quantity(value: Double, unit: String?)
    /// A JSON object (a resource, an item, a Coding...).
    case node([String: JSONValue])

    /// Converts JSON into FHIRPath values (arrays are flattened; null is dropped).
    public static func from(_ json: JSONValue, linkId: String?) -> [FHIRPathItem] {
        switch json {
        case .null: return []
        case .bool(let b): return [FHIRPathItem(.boolean(b), linkId: linkId)]
        case .int(let i): return [FHIRPathItem(.integer(i), linkId: linkId)]
        case .double(let d): return [FHIRPathItem(.decimal(d), linkId: linkId)]
        case .string(let s): return [FHIRPathItem(.string(s), linkId: linkId)]
        case .array(let a): return a.flatMap { from($0, linkId: linkId) }
        case .object(let o): return [FHIRPathItem(.node(o), linkId: o["linkId"]?.stringValue ?? linkId)]
        }
    }

    /// The number of integers, decimals and quantities (and of Quantity-shaped objects).
    public var number: Double? {
        switch self {
        case .integer(let i): return Double(i)
        case .decimal(let d): return d
        case .quantity(let v, _): return v
        case .node(let o): return o["value"]?.doubleValue
        default: return nil
        }
    }

    /// Text for strings and temporal values.
    public var text: String? {
        switch self {
        case .string(let s), .temporal(let s): return s
        default: return nil
        }
    }

    /// The value as JSON (what a calculated answer stores).
    public var json: JSONValue {
        switch self {
        case .boolean(let b): return .bool(b)
        case .integer(let i): return .int(i)
        case .decimal(let d): return .double(d)
        case .string(let s), .temporal(let s): return .string(s)
        case .quantity(let v, let u):
            var o: [String: JSONValue] = ["value": FHIRValue.number(v)]
            if let u { o["unit"] = .string(u) }
            return .object(o)
        case .node(let o): return .object(o)
        }
    }

    /// FHIRPath `toString()`.
    public var stringForm: String? {
        switch self {
        case .boolean(let b): return b ? "true" : "false"
        case .integer(let i): return String(i)
        case .decimal(let d):  // FHIRPath writes a decimal with at least one digit after the point
            let t = JSONValue.double(d).displayText
            return d.isFinite && d.rounded() == d && !t.contains("e") && !t.contains(".") ? t + ".0" : t
        case .string(let s), .temporal(let s): return s
        case .quantity(let v, let u):
            guard let u else { return JSONValue.double(v).displayText }
            return JSONValue.double(v).displayText + (FHIRPathUnits.calendarWords.contains(u) ? " \(u)" : " '\(u)'")
        case .node: return nil
        }
    }
}
