import StudyCore

/// A FHIR Coding: a code in a system, with its display text. Real files often omit parts.
public struct Coding: Sendable, Hashable {
    /// The code system URI.
    public var system: String?
    /// The code.
    public var code: String?
    /// The human-readable label.
    public var display: String?

    /// Creates a coding from its parts.
    public init(system: String? = nil, code: String? = nil, display: String? = nil) {
        self.system = system
        self.code = code
        self.display = display
    }

    /// Reads a Coding object; nil when `json` is not an object with a code or display.
    public init?(json: JSONValue) {
        guard case .object(let o) = json else { return nil }
        system = o["system"]?.stringValue
        code = o["code"]?.stringValue
        display = o["display"]?.stringValue
        if code == nil, display == nil { return nil }
    }

    /// The JSON object `{system, code, display}` (only the parts that are set).
    public var json: JSONValue {
        var o: [String: JSONValue] = [:]
        if let system { o["system"] = .string(system) }
        if let code { o["code"] = .string(code) }
        if let display { o["display"] = .string(display) }
        return .object(o)
    }

    /// FHIR coding equality as enableWhen uses it: same code, and same system when both give one
    /// (display is ignored). Codings without a code compare by display.
    public func matches(_ other: Coding) -> Bool {
        if let s = system, let t = other.system, s != t { return false }
        if code != nil || other.code != nil { return code == other.code }
        return display == other.display
    }

    /// A short label for messages: `system|code` or the display.
    public var label: String {
        let c = code ?? display ?? "?"
        return system.map { "\($0)|\(c)" } ?? c
    }
}
