/// The R4 item types (R5 `coding` is adapted to `choice`/`open-choice` before this).
public enum ItemType: String, Sendable, Equatable, CaseIterable {
    case group, display, boolean, decimal, integer, date, dateTime, time, string, text, url
    case choice
    case openChoice = "open-choice"
    case attachment, reference, quantity

    /// True for items that take answers (everything but group and display).
    public var isQuestion: Bool { self != .group && self != .display }

    /// True for choice and open-choice.
    public var hasOptions: Bool { self == .choice || self == .openChoice }

    /// The answer `value[x]` suffixes R4 allows for this type (the first is the usual one).
    public var allowedValueTypes: [String] {
        switch self {
        case .group, .display: return []
        case .boolean: return ["Boolean"]
        case .decimal: return ["Decimal"]
        case .integer: return ["Integer"]
        case .date: return ["Date"]
        case .dateTime: return ["DateTime"]
        case .time: return ["Time"]
        case .string, .text: return ["String"]
        case .url: return ["Uri"]
        case .choice, .openChoice: return ["Coding", "String", "Integer", "Date", "Time", "Reference"]
        case .attachment: return ["Attachment"]
        case .reference: return ["Reference"]
        case .quantity: return ["Quantity"]
        }
    }
}

/// How several enableWhen conditions combine.
public enum EnableBehavior: String, Sendable, Equatable {
    case all, any
}

/// The seven R4 enableWhen operators.
public enum EnableWhenOperator: String, Sendable, Equatable, CaseIterable {
    case exists
    case equal = "="
    case notEqual = "!="
    case greaterThan = ">"
    case lessThan = "<"
    case greaterOrEqual = ">="
    case lessOrEqual = "<="
}

/// One enableWhen entry: the question it looks at, the operator and the operand.
public struct EnableWhenCondition: Sendable, Equatable {
    /// The linkId of the question whose answers are tested.
    public var question: String
    /// How answers are compared.
    public var op: EnableWhenOperator
    /// The operand (`answer[x]`); for `exists` a boolean.
    public var answer: FHIRValue

    /// Creates a condition.
    public init(question: String, op: EnableWhenOperator, answer: FHIRValue) {
        self.question = question
        self.op = op
        self.answer = answer
    }
}

/// A named FHIRPath expression (the `variable` extension) or an unnamed one (calculatedExpression).
public struct NamedExpression: Sendable, Equatable {
    /// The variable name (`%name`), when it has one.
    public var name: String?
    /// The FHIRPath text.
    public var expression: String
    /// The expression language as written (`text/fhirpath` is the only one evaluated).
    public var language: String

    /// Creates an expression.
    public init(name: String?, expression: String, language: String = "text/fhirpath") {
        self.name = name
        self.expression = expression
        self.language = language
    }
}

/// One answer option of a choice item, with its presentation and scoring data.
public struct AnswerOptionDefinition: Sendable, Equatable {
    /// The option value (Coding, string, integer, date or time).
    public var value: FHIRValue
    /// The label shown (translated when a language was chosen).
    public var label: String
    /// Selected before the participant answers.
    public var initialSelected: Bool
    /// Choosing it excludes every other option (`questionnaire-optionExclusive`).
    public var isExclusive: Bool
    /// A prefix such as `a)` (`questionnaire-optionPrefix` or `valueset-label`).
    public var prefix: String?
    /// The score (`ordinalValue`, `itemWeight`, or STU3 `questionnaire-ordinalValue`).
    public var weight: Double?

    /// Creates an option.
    public init(value: FHIRValue, label: String, initialSelected: Bool = false, isExclusive: Bool = false,
                prefix: String? = nil, weight: Double? = nil) {
        self.value = value
        self.label = label
        self.initialSelected = initialSelected
        self.isExclusive = isExclusive
        self.prefix = prefix
        self.weight = weight
    }
}
