/// How an answer value is encoded (JsonModel's `answerType` object).
public struct AnswerType: Sendable, Equatable {
    /// The JsonModel type names.
    public enum Kind: String, Sendable, Equatable {
        case string, integer, number, boolean, object, null, array, dateTime = "date-time", time, duration, measurement
    }

    public var kind: Kind
    /// Element type of an array.
    public var baseType: Kind?
    public var sequenceSeparator: String?
    /// Date format of dates and times.
    public var codingFormat: String?
    /// Unit of a measurement.
    public var unit: String?
    public var significantDigits: Int?

    public init(_ kind: Kind, baseType: Kind? = nil, sequenceSeparator: String? = nil, codingFormat: String? = nil,
                unit: String? = nil, significantDigits: Int? = nil) {
        self.kind = kind
        self.baseType = baseType
        self.sequenceSeparator = sequenceSeparator
        self.codingFormat = codingFormat
        self.unit = unit
        self.significantDigits = significantDigits
    }

    /// The JSON object form.
    public var json: JSONValue {
        var o: [String: JSONValue] = ["type": .string(kind.rawValue)]
        if let baseType { o["baseType"] = .string(baseType.rawValue) }
        if let sequenceSeparator { o["sequenceSeparator"] = .string(sequenceSeparator) }
        if let codingFormat { o["codingFormat"] = .string(codingFormat) }
        if let unit { o["unit"] = .string(unit) }
        if let significantDigits { o["significantDigits"] = .int(significantDigits) }
        return .object(o)
    }

    /// Reads the JSON object form.
    public init?(json: JSONValue) {
        guard let k = json["type"]?.stringValue.flatMap(Kind.init(rawValue:)) else { return nil }
        self.init(
            k, baseType: json["baseType"]?.stringValue.flatMap(Kind.init(rawValue:)),
            sequenceSeparator: json["sequenceSeparator"]?.stringValue, codingFormat: json["codingFormat"]?.stringValue,
            unit: json["unit"]?.stringValue, significantDigits: json["significantDigits"]?.intValue)
    }
}

extension InputField {
    /// The answer type of this field's results.
    public var answerType: AnswerType {
        let single = singleAnswerType
        if repeats, single.kind != .array { return AnswerType(.array, baseType: single.kind) }
        return single
    }

    private var singleAnswerType: AnswerType {
        switch kind {
        case .repeatingGroup: return AnswerType(.array, baseType: .object)
        case .text, .postalCode: return AnswerType(.string)
        case .integer, .year: return AnswerType(.integer)
        case .decimal(let o): return AnswerType(.number, significantDigits: o.maximumFractionDigits)
        case .date(let o): return AnswerType(o.component == .time ? .time : .dateTime, codingFormat: o.codingFormat)
        case .duration: return AnswerType(.duration)
        case .boolean: return AnswerType(.boolean)
        case .measurement(let o): return AnswerType(.measurement, unit: o.unit)
        case .multipleComponent(let o):
            return o.separator != nil ? AnswerType(.string) : AnswerType(.array, baseType: .string)
        case .choice(let o):
            let base: AnswerType.Kind
            switch o.baseType {
            case .string: base = .string
            case .integer: base = .integer
            case .decimal: base = .number
            case .boolean: base = .boolean
            case .object: base = .object
            }
            return o.allowsMultiple ? AnswerType(.array, baseType: base) : AnswerType(base)
        }
    }
}
