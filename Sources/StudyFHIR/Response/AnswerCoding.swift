import Foundation
import StudyCore

/// Converts between StudyCore answer JSON (what step results hold) and typed FHIR answer values.
///
/// StudyCore answers per item type: boolean → Bool; integer → Int; decimal → number; date, dateTime,
/// time, string, text, url → String; choice/open-choice → the option's value (a Coding is an object
/// `{system, code, display}`), free text → String; quantity → number in the item's unit, or an
/// object `{value, unit, system, code}`; attachment → a file path; reference → an identifier string.
/// A repeating question's answer is an array of those.
public enum AnswerCoding {
    /// The FHIR values of a StudyCore answer for `item` (empty when unanswered or unusable).
    public static func fhirValues(_ json: JSONValue?, item: QuestionnaireItem) -> [FHIRValue] {
        guard let json else { return [] }
        if case .array(let a) = json { return a.compactMap { fhirValue($0, item: item) } }
        return fhirValue(json, item: item).map { [$0] } ?? []
    }

    /// One StudyCore value as a FHIR value of the item's type, or nil when it does not fit.
    public static func fhirValue(_ json: JSONValue, item: QuestionnaireItem) -> FHIRValue? {
        guard let type = item.type else { return nil }
        switch (type, json) {
        case (_, .null): return nil
        case (.boolean, .bool(let b)): return .boolean(b)
        case (.integer, _): return json.intValue.map { .integer($0) }
        case (.decimal, _): return json.doubleValue.map { .decimal($0) }
        case (.date, .string(let s)): return .date(s)
        case (.dateTime, .string(let s)): return .dateTime(s)
        case (.time, .string(let s)): return .time(s)
        case (.string, .string(let s)), (.text, .string(let s)): return s.isEmpty ? nil : .string(s)
        case (.url, .string(let s)): return s.isEmpty ? nil : .uri(s)
        case (.choice, _), (.openChoice, _): return choiceValue(json, item: item)
        case (.quantity, .object): return Quantity(json: json).map { .quantity($0) }
        case (.quantity, _): return json.doubleValue.map { .quantity(Quantity(value: $0, unitCoding: item.units.first)) }
        case (.attachment, .object): return .attachment(json)
        case (.attachment, .string(let path)): return path.isEmpty ? nil : .attachment(attachment(path))
        case (.reference, .object): return .reference(json)
        case (.reference, .string(let s)): return s.isEmpty ? nil : .reference(reference(s))
        default: return nil
        }
    }

    private static func choiceValue(_ json: JSONValue, item: QuestionnaireItem) -> FHIRValue? {
        switch json {
        case .object: return Coding(json: json).map { .coding($0) }
        case .int(let i): return .integer(i)
        case .string(let s):
            if s.isEmpty { return nil }
            if let opt = item.answerOptions.first(where: { $0.value.textValue == s }) { return opt.value }
            if let opt = item.answerOptions.first(where: { if case .coding(let c) = $0.value { return c.code == s }; return false }) {
                return opt.value  // a code stands for its Coding option (an initialExpression giving "male")
            }
            return .string(s)
        default: return nil
        }
    }

    /// An Attachment for a file path: a `file://` URL and the file name as title.
    static func attachment(_ path: String) -> JSONValue {
        if path.contains("://") { return ["url": .string(path), "title": .string((path as NSString).lastPathComponent)] }
        let url = URL(fileURLWithPath: path)
        return ["url": .string(url.absoluteString), "title": .string(url.lastPathComponent)]
    }

    /// A Reference for an identifier: `Type/id` and URLs become `reference`, anything else `identifier.value`.
    static func reference(_ s: String) -> JSONValue {
        let parts = s.split(separator: "/")
        let looksRelative = parts.count == 2 && parts[0].first?.isUppercase == true
        if looksRelative || s.hasPrefix("urn:") || s.contains("://") || s.hasPrefix("#") { return ["reference": .string(s)] }
        return ["identifier": ["value": .string(s)]]
    }

    /// The StudyCore answer for a FHIR value of `item` (the inverse of `fhirValue`).
    public static func coreValue(_ v: FHIRValue, item: QuestionnaireItem) -> JSONValue {
        switch v {
        case .coding(let c): return c.json
        case .quantity(let q):
            return isDefaultUnit(q, item.units.first) ? (q.value.map { .double($0) } ?? .null) : q.json
        case .attachment(let a):
            guard let url = a["url"]?.stringValue, a.objectValue?.count ?? 0 <= 3 else { return a }
            return .string(url.hasPrefix("file://") ? (URL(string: url)?.path ?? url) : url)
        case .reference(let r):
            if let s = r["reference"]?.stringValue { return .string(s) }
            if let s = r["identifier"]?["value"]?.stringValue { return .string(s) }
            return r
        case .decimal(let d): return .double(d)
        default: return v.payload
        }
    }

    /// True when a quantity has no unit, or the item's (first) unit: then a plain number stands for it.
    private static func isDefaultUnit(_ q: Quantity, _ unit: Coding?) -> Bool {
        if q.code == nil, q.unit == nil { return true }
        guard let unit else { return false }
        if let code = q.code { return code == unit.code }
        return q.unit == (unit.display ?? unit.code)
    }

    /// The StudyCore answer for a list of FHIR values: one value, or an array for repeating items.
    public static func coreAnswer(_ values: [FHIRValue], item: QuestionnaireItem) -> JSONValue? {
        if values.isEmpty { return nil }
        if item.repeats { return .array(values.map { coreValue($0, item: item) }) }
        return coreValue(values[0], item: item)
    }

    /// The `answer` element for one value, written strictly by the item type (dates normalised).
    public static func answerElement(_ v: FHIRValue, item: QuestionnaireItem, timeZone: TimeZone) -> JSONValue {
        switch v {
        case .dateTime(let s): return FHIRValue.dateTime(FHIRDateTime.normalizedDateTime(s, timeZone: timeZone)).element()
        case .time(let s): return FHIRValue.time(FHIRDateTime.normalizedTime(s)).element()
        case .quantity(var q):
            if q.code == nil, q.unit == nil, let unit = item.units.first {
                q = Quantity(value: q.value, unitCoding: unit)
            } else if q.code != nil, q.system == nil {
                q.system = Quantity.ucum
            }
            return FHIRValue.quantity(q).element()
        default: return v.element()
        }
    }
}
