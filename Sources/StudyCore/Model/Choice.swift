/// Single and multiple choice options.
public struct ChoiceOptions: Sendable, Equatable {
    /// The JSON type of choice values.
    /// `object`: values are JSON objects, such as FHIR Codings `{system, code, display}`.
    public enum BaseType: String, Sendable, Equatable { case string, integer, decimal, boolean, object }

    public var choices: [Choice]
    public var allowsMultiple: Bool
    public var baseType: BaseType
    /// A free-text "Other" option.
    public var other: OtherOption?

    public init(choices: [Choice], allowsMultiple: Bool = false, baseType: BaseType = .string, other: OtherOption? = nil) {
        self.choices = choices
        self.allowsMultiple = allowsMultiple
        self.baseType = baseType
        self.other = other
    }
}

/// One option of a choice field.
public struct Choice: Sendable, Equatable {
    /// The stored value; nil means "none" (no answer).
    public var value: JSONValue?
    /// The label.
    public var text: String
    public var detail: String?
    /// Choosing it clears every other selection ("None of the above").
    public var isExclusive: Bool
    /// Choosing it ticks every ordinary option ("All of the above", AssessmentModel's
    /// `selectorType: "all"`); the answer holds their values.
    public var selectsAll: Bool

    public init(value: JSONValue?, text: String, detail: String? = nil, isExclusive: Bool = false, selectsAll: Bool = false) {
        self.value = value
        self.text = text
        self.detail = detail
        self.isExclusive = isExclusive && !selectsAll
        self.selectsAll = selectsAll
    }
}

/// The free-text "Other" option of a choice field.
public struct OtherOption: Sendable, Equatable {
    public var label: String
    public var placeholder: String?

    public init(label: String = "Other", placeholder: String? = nil) {
        self.label = label
        self.placeholder = placeholder
    }
}
