/// A step that asks one or more questions.
public struct QuestionStep: Sendable, Equatable {
    /// How answers are shaped in the result.
    public enum ResultShape: Sendable, Equatable {
        /// One answer result per field inside a collection result (v2 `form`).
        case collection
        /// A single answer result named after the step (v4 `simpleQuestion`, `choiceQuestion`).
        case single
        /// One answer result holding an object keyed by field identifier (v4 `multipleInputQuestion`).
        case object
    }

    /// The fields, in display order.
    public var fields: [InputField]
    /// The result shape.
    public var resultShape: ResultShape
    /// Rules on the whole step's answer (v4 `multipleInputQuestion`); field rules live on fields.
    public var stepRules: [SurveyRule]
    /// The label of a "no answer" checkbox (v4 `skipCheckbox`).
    public var skipCheckboxLabel: String?

    public init(
        fields: [InputField], resultShape: ResultShape = .collection, stepRules: [SurveyRule] = [],
        skipCheckboxLabel: String? = nil
    ) {
        self.fields = fields
        self.resultShape = resultShape
        self.stepRules = stepRules
        self.skipCheckboxLabel = skipCheckboxLabel
    }

    /// True when every field may be left empty.
    public var isOptional: Bool { fields.allSatisfy(\.isOptional) }
}

/// One question field.
public struct InputField: Sendable, Equatable {
    /// The answer key (defaults to the step identifier).
    public var identifier: String
    /// The question text shown next to the field.
    public var prompt: String?
    /// Extra explanation.
    public var detail: String?
    /// Hint text shown in an empty field.
    public var placeholder: String?
    /// What kind of answer it takes, with its bounds.
    public var kind: InputKind
    /// May be left empty.
    public var isOptional: Bool
    /// Rules evaluated on this field's answer.
    public var surveyRules: [SurveyRule]
    /// A presentation hint (list, picker, slider, ...).
    public var uiHint: UIHint?
    /// In a multi-field step, answering this clears the others (v4 `exclusive`).
    public var isExclusive: Bool
    /// Takes several answers (the answer is an array).
    public var repeats: Bool
    /// Shown but not editable.
    public var isReadOnly: Bool
    /// Not shown; kept in results (for example a calculated score).
    public var isHidden: Bool
    /// The value proposed before the participant answers.
    public var initialValue: JSONValue?

    public init(
        identifier: String, prompt: String? = nil, detail: String? = nil, placeholder: String? = nil,
        kind: InputKind, isOptional: Bool = false, surveyRules: [SurveyRule] = [], uiHint: UIHint? = nil,
        isExclusive: Bool = false, repeats: Bool = false, isReadOnly: Bool = false, isHidden: Bool = false,
        initialValue: JSONValue? = nil
    ) {
        self.identifier = identifier
        self.prompt = prompt
        self.detail = detail
        self.placeholder = placeholder
        self.kind = kind
        self.isOptional = isOptional
        self.surveyRules = surveyRules
        self.uiHint = uiHint
        self.isExclusive = isExclusive
        self.repeats = repeats
        self.isReadOnly = isReadOnly
        self.isHidden = isHidden
        self.initialValue = initialValue
    }
}

/// Presentation hints from task files.
public enum UIHint: String, Sendable, Equatable, CaseIterable {
    case list, checkbox, checkmark, radioButton, combobox, picker, slider, textfield, multipleLine, toggle
    case likert, popover, section, link, button, disclosureArrow

    /// Reads a hint; AssessmentModel's `radio` means `radioButton`.
    public static func parse(_ raw: String) -> UIHint? {
        raw == "radio" ? .radioButton : UIHint(rawValue: raw)
    }
}
