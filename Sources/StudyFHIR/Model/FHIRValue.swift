import StudyCore

/// One typed FHIR value: an answer, an option, an initial value or an enableWhen operand (`value[x]`).
public enum FHIRValue: Sendable, Hashable {
    case boolean(Bool)
    case integer(Int)
    case decimal(Double)
    case string(String)
    case date(String)
    case dateTime(String)
    case time(String)
    case uri(String)
    case coding(Coding)
    case quantity(Quantity)
    /// A Reference object, kept as read.
    case reference(JSONValue)
    /// An Attachment object, kept as read.
    case attachment(JSONValue)

    /// The `[x]` suffix of the element name: `valueBoolean` → "Boolean".
    public var typeSuffix: String {
        switch self {
        case .boolean: return "Boolean"
        case .integer: return "Integer"
        case .decimal: return "Decimal"
        case .string: return "String"
        case .date: return "Date"
        case .dateTime: return "DateTime"
        case .time: return "Time"
        case .uri: return "Uri"
        case .coding: return "Coding"
        case .quantity: return "Quantity"
        case .reference: return "Reference"
        case .attachment: return "Attachment"
        }
    }

    /// The JSON payload (what follows `"valueX":`).
    public var payload: JSONValue {
        switch self {
        case .boolean(let b): return .bool(b)
        case .integer(let i): return .int(i)
        case .decimal(let d): return FHIRValue.number(d)
        case .string(let s), .date(let s), .dateTime(let s), .time(let s), .uri(let s): return .string(s)
        case .coding(let c): return c.json
        case .quantity(let q): return q.json
        case .reference(let j), .attachment(let j): return j
        }
    }

    /// `{"<prefix><Type>": payload}`, e.g. `{"valueInteger": 3}`.
    public func element(prefix: String = "value") -> JSONValue {
        .object([prefix + typeSuffix: payload])
    }

    /// A number as JSON: whole values are written as integers.
    public static func number(_ d: Double) -> JSONValue {
        d.rounded() == d && abs(d) < 1e15 ? .int(Int(d)) : .double(d)
    }

    /// The numeric value of integers, decimals and quantities.
    public var numericValue: Double? {
        switch self {
        case .integer(let i): return Double(i)
        case .decimal(let d): return d
        case .quantity(let q): return q.value
        default: return nil
        }
    }

    /// The text of string-like values (string, date, dateTime, time, uri).
    public var textValue: String? {
        switch self {
        case .string(let s), .date(let s), .dateTime(let s), .time(let s), .uri(let s): return s
        default: return nil
        }
    }

    /// A short rendering for messages.
    public var displayText: String {
        switch self {
        case .coding(let c): return c.label
        case .quantity(let q): return [q.value.map { FHIRValue.number($0).displayText }, q.unit ?? q.code].compactMap { $0 }.joined(separator: " ")
        default: return payload.displayText
        }
    }
}

extension FHIRValue {
    /// The outcome of reading a `value[x]` element: nothing, a value, or a problem to report.
    public enum ReadOutcome: Sendable, Equatable {
        case absent
        case value(FHIRValue)
        case invalid(String)
    }

    /// Reads the one `<prefix>[x]` member of `object` (for example `answerCoding` for prefix "answer").
    public static func read(from object: JSONValue, prefix: String) -> ReadOutcome {
        guard case .object(let members) = object else { return .absent }
        let keys = members.keys.filter { k in
            k.count > prefix.count && k.hasPrefix(prefix) && k.dropFirst(prefix.count).first!.isUppercase
        }
        guard let key = keys.sorted().first else { return .absent }
        if keys.count > 1 { return .invalid("more than one \(prefix)[x] element: \(keys.sorted().joined(separator: ", "))") }
        return parse(suffix: String(key.dropFirst(prefix.count)), payload: members[key]!, name: key)
    }

    /// Parses a payload for a `[x]` type suffix, checking the JSON type.
    public static func parse(suffix: String, payload v: JSONValue, name: String) -> ReadOutcome {
        func bad(_ expected: String) -> ReadOutcome {
            .invalid("\(name) must be \(expected), found \(v.typeName) \(v.compactJSON)")
        }
        switch suffix {
        case "Boolean": return v.boolValue.map { .value(.boolean($0)) } ?? bad("a boolean")
        case "Integer":
            if case .int(let i) = v { return .value(.integer(i)) }
            return bad("an integer")
        case "Decimal": return v.doubleValue.map { .value(.decimal($0)) } ?? bad("a number")
        case "String", "Markdown", "Code", "Id": return v.stringValue.map { .value(.string($0)) } ?? bad("a string")
        case "Date": return stringValue(v, FHIRDateTime.isDate) { .date($0) } ?? bad("a date (YYYY, YYYY-MM or YYYY-MM-DD)")
        case "DateTime", "Instant":
            return stringValue(v, FHIRDateTime.isDateTime) { .dateTime($0) } ?? bad("a dateTime")
        case "Time": return stringValue(v, FHIRDateTime.isTime) { .time($0) } ?? bad("a time (hh:mm:ss)")
        case "Uri", "Url", "Canonical": return v.stringValue.map { .value(.uri($0)) } ?? bad("a string")
        case "Coding": return Coding(json: v).map { .value(.coding($0)) } ?? bad("a Coding with a code")
        case "Quantity": return Quantity(json: v).map { .value(.quantity($0)) } ?? bad("a Quantity object")
        case "Reference": return v.objectValue != nil ? .value(.reference(v)) : bad("a Reference object")
        case "Attachment": return v.objectValue != nil ? .value(.attachment(v)) : bad("an Attachment object")
        default: return .invalid("\(name): the type \(suffix) is not supported")
        }
    }

    private static func stringValue(_ v: JSONValue, _ check: (String) -> Bool, _ make: (String) -> FHIRValue) -> ReadOutcome? {
        guard let s = v.stringValue, check(s) else { return nil }
        return .value(make(s))
    }
}
