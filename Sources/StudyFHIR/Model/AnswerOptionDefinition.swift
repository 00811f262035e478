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
