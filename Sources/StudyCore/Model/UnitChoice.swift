/// One unit a number can be given in (FHIR `unitOption`): what is shown and what the answer carries.
public struct UnitChoice: Sendable, Equatable {
    /// What the participant sees ("kg", "lb").
    public var label: String
    /// The unit's code (UCUM `[lb_av]`), when known.
    public var code: String?
    /// The code system of `code`.
    public var system: String?

    /// Creates a unit.
    public init(label: String, code: String? = nil, system: String? = nil) {
        self.label = label
        self.code = code
        self.system = system
    }

    /// The members an answer in this unit carries besides `value`: `unit`, and `system` and `code` when known.
    public var members: [String: JSONValue] {
        var o: [String: JSONValue] = ["unit": .string(label)]
        if let code { o["code"] = .string(code) }
        if let system { o["system"] = .string(system) }
        return o
    }

    /// True when an answer object names this unit: by code when both have one, else by its text.
    public func matches(_ answer: [String: JSONValue]) -> Bool {
        if let code, let other = answer["code"]?.stringValue { return code == other }
        return answer["unit"]?.stringValue == label || answer["code"]?.stringValue == label
    }

    /// True when typed text names this unit ("lb", or its code).
    public func matches(text: String) -> Bool { text == label || text == code }
}
