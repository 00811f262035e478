import Foundation
import StudyCore

extension FHIRPathEvaluator {
    /// System type names FHIRPath knows without a FHIR type model.
    static let systemTypes: Set<String> = ["Boolean", "Integer", "Decimal", "String", "Date", "DateTime", "Time", "Quantity"]

    /// The type functions and conversions (`is`, `as`, `ofType`, `type()`, `toX()`, `convertsToX()`);
    /// nil when `name` is none of them.
    func callTypes(_ name: String, input: [FHIRPathItem], args: [FHIRPathExpression], outer: Focus) throws(FHIRPathError) -> [FHIRPathItem]? {
        switch name {
        case "is", "as", "ofType":
            guard let typeName = args.first.flatMap(Self.qualifiedName) else { throw fail("\(name)() needs a type name") }
            if name == "ofType" { return input.filter { Self.isOfType($0, typeName) } }
            guard try single(input, "\(name)()") != nil else { return [] }
            if name == "is" { return bool(Self.isOfType(input[0], typeName)) }
            return Self.isOfType(input[0], typeName) ? input : []
        case "type":
            return input.map { item in
                let (namespace, typeName): (String, String)
                if case .node(let o) = item.value, let r = o["resourceType"]?.stringValue { (namespace, typeName) = ("FHIR", r) }
                else { (namespace, typeName) = ("System", item.value.typeName) }
                return FHIRPathItem(.node(["namespace": .string(namespace), "name": .string(typeName)]))
            }
        case "convertsToBoolean", "convertsToInteger", "convertsToDecimal", "convertsToString", "convertsToDate",
            "convertsToDateTime", "convertsToTime", "convertsToQuantity":
            guard let v = try single(input, "\(name)()") else { return [] }
            let target = String(name.dropFirst("convertsTo".count))
            let unit = try args.first.flatMap { a throws(FHIRPathError) in try single(try eval(a, outer), "\(name)()")?.text }
            return bool(Self.convert(v, to: target, unit: unit) != nil)
        case "toBoolean", "toDate", "toDateTime", "toTime", "toQuantity":
            guard let v = try single(input, "\(name)()") else { return [] }
            let unit = try args.first.flatMap { a throws(FHIRPathError) in try single(try eval(a, outer), "\(name)()")?.text }
            return Self.convert(v, to: String(name.dropFirst(2)), unit: unit).map { [FHIRPathItem($0)] } ?? []
        default: return nil
        }
    }

    /// True when a value is of the named type: a System type by the value's kind, a resource by its
    /// `resourceType`. FHIR types of JSON primitives (code, uri, FHIR.boolean...) need a type model: false.
    static func isOfType(_ item: FHIRPathItem, _ raw: String) -> Bool {
        let v = item.value
        var name = raw
        if name.hasPrefix("System.") { name.removeFirst(7) } else if name.hasPrefix("FHIR.") {
            name.removeFirst(5)
            if case .node(let o) = v { return o["resourceType"]?.stringValue == name || item.choiceType == name }
            return false
        }
        if let choice = item.choiceType, !raw.hasPrefix("System.") { return choice == name }  // `valueQuantity` is a Quantity
        if case .node(let o) = v { return raw.hasPrefix("System.") ? false : o["resourceType"]?.stringValue == name }
        guard systemTypes.contains(name) else { return false }
        return v.typeName == name
    }

    /// `Integer`, `System.Integer` or ``FHIR.`Patient` `` from a type argument.
    static func qualifiedName(_ e: FHIRPathExpression) -> String? {
        switch e {
        case .member(nil, let name): return name
        case .member(let base?, let name): return qualifiedName(base).map { $0 + "." + name }
        default: return nil
        }
    }

    /// A value converted to a System type (`Boolean`, `Integer`, `Decimal`, `String`, `Date`,
    /// `DateTime`, `Time`, `Quantity`), or nil when FHIRPath's conversion rules give nothing.
    static func convert(_ v: FHIRPathValue, to target: String, unit: String? = nil) -> FHIRPathValue? {
        switch target {
        case "Boolean":
            switch v {
            case .boolean: return v
            case .integer(let i): return i == 1 ? .boolean(true) : (i == 0 ? .boolean(false) : nil)
            case .decimal(let d): return d == 1 ? .boolean(true) : (d == 0 ? .boolean(false) : nil)
            case .string(let s):
                switch s.lowercased() {
                case "true", "t", "yes", "y", "1", "1.0": return .boolean(true)
                case "false", "f", "no", "n", "0", "0.0": return .boolean(false)
                default: return nil
                }
            default: return nil
            }
        case "Integer":
            switch v {
            case .integer: return v
            case .boolean(let b): return .integer(b ? 1 : 0)
            case .string(let s): return s.range(of: #"^[+-]?\d+$"#, options: .regularExpression) != nil ? Int(s).map { .integer($0) } : nil
            default: return nil
            }
        case "Decimal":
            switch v {
            case .integer(let i): return .decimal(Double(i))
            case .decimal: return v
            case .boolean(let b): return .decimal(b ? 1 : 0)
            case .string(let s): return s.range(of: #"^[+-]?\d+(\.\d+)?$"#, options: .regularExpression) != nil ? Double(s).map { .decimal($0) } : nil
            default: return nil
            }
        case "String":
            if case .node = v { return nil }
            return v.stringForm.map { .string($0) }
        case "Date", "DateTime", "Time":
            let text: String
            switch v {
            case .temporal(let s), .string(let s): text = s
            default: return nil
            }
            guard let t = FHIRPathTemporal(text, asTime: target == "Time" && !text.hasPrefix("T")) else { return nil }
            switch (target, t.kind) {
            case ("Time", .time): return .temporal(t.text)
            case ("Date", .date), ("DateTime", .dateTime): return .temporal(t.text)
            case ("DateTime", .date): return .temporal(t.text + "T")
            case ("Date", .dateTime):
                var d = t
                d.kind = .date
                d.parts = Array(t.parts.prefix(3))
                d.millis = nil
                d.offset = nil
                return .temporal(d.text)
            default: return nil
            }
        case "Quantity":
            var q: FHIRPathValue?
            switch v {
            case .integer(let i): q = .quantity(value: Double(i), unit: "1")
            case .decimal(let d): q = .quantity(value: d, unit: "1")
            case .boolean(let b): q = .quantity(value: b ? 1 : 0, unit: "1")
            case .quantity: q = v
            case .string(let s): q = quantity(parsing: s)
            default: q = nil
            }
            guard let unit, case .quantity(let value, let from)? = q, from != unit else { return q }
            return FHIRPathUnits.convert(value, from: from, to: unit).map { .quantity(value: $0, unit: unit) }
        default: return nil
        }
    }

    /// `1`, `1.5 'mg'` or `4 days` as a quantity.
    static func quantity(parsing s: String) -> FHIRPathValue? {
        let pattern = #"^([+-]?\d+(?:\.\d+)?)\s*(?:'([^']+)'|([a-z]+))?$"#
        guard let re = try? NSRegularExpression(pattern: pattern),
            let m = re.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)),
            let valueRange = Range(m.range(at: 1), in: s), let value = Double(s[valueRange])
        else { return nil }
        if let r = Range(m.range(at: 2), in: s) { return .quantity(value: value, unit: String(s[r])) }
        if let r = Range(m.range(at: 3), in: s) {
            let word = String(s[r])
            return FHIRPathUnits.calendarWords.contains(word) ? .quantity(value: value, unit: word) : nil
        }
        return .quantity(value: value, unit: "1")
    }
}
