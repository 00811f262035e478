import StudyCore

/// A FHIR Quantity: a number with a unit (UCUM code and system when known).
public struct Quantity: Sendable, Hashable {
    /// The UCUM system URI used for units.
    public static let ucum = "http://unitsofmeasure.org"

    /// The number.
    public var value: Double?
    /// The unit as shown.
    public var unit: String?
    /// The unit's code system.
    public var system: String?
    /// The unit's code.
    public var code: String?

    /// Creates a quantity from its parts.
    public init(value: Double?, unit: String? = nil, system: String? = nil, code: String? = nil) {
        self.value = value
        self.unit = unit
        self.system = system
        self.code = code
    }

    /// Reads a Quantity object.
    public init?(json: JSONValue) {
        guard case .object(let o) = json else { return nil }
        value = o["value"]?.doubleValue
        unit = o["unit"]?.stringValue
        system = o["system"]?.stringValue
        code = o["code"]?.stringValue
    }

    /// A quantity whose unit is the given unit coding (UCUM when the coding names no system).
    public init(value: Double?, unitCoding: Coding?) {
        self.init(value: value, unit: unitCoding?.display ?? unitCoding?.code,
                  system: unitCoding.map { $0.system ?? Quantity.ucum }, code: unitCoding?.code)
    }

    /// The JSON object form; whole numbers are written as integers.
    public var json: JSONValue {
        var o: [String: JSONValue] = [:]
        if let value { o["value"] = FHIRValue.number(value) }
        if let unit { o["unit"] = .string(unit) }
        if let system { o["system"] = .string(system) }
        if let code { o["code"] = .string(code) }
        return .object(o)
    }

    /// True when both name the same unit (by code, else by unit text), or either names none.
    public func sameUnit(as other: Quantity) -> Bool {
        if let a = code, let b = other.code { return a == b }
        if let a = unit, let b = other.unit { return a == b }
        return true
    }
}
