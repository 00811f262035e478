import StudyCore

/// One Questionnaire item as StudyFHIR understands it (R4 semantics, extensions already read).
public struct QuestionnaireItem: Sendable, Equatable {
    /// The item's linkId (synthesised, with a warning, for display items that lack one).
    public var linkId: String
    /// The place in the file for messages, e.g. `item[linkId=phq9]/item[linkId=q1]`.
    public var path: String
    /// The item type; nil when the file names a type StudyFHIR does not know (`rawType` keeps it).
    public var type: ItemType?
    /// The type as written.
    public var rawType: String
    /// The question or display text (translated when a language was chosen).
    public var text: String?
    /// A label such as `1a.` shown before the text.
    public var prefix: String?
    /// Must be answered (when enabled).
    public var required = false
    /// Takes several answers (question) or repetitions (group).
    public var repeats = false
    /// Shown but not editable.
    public var readOnly = false
    /// Not shown (`questionnaire-hidden`); its value, if any, is still reported.
    public var isHidden = false
    /// Text bounds.
    public var maxLength: Int?
    /// Minimum text length (`minLength` extension).
    public var minLength: Int?
    /// A regular expression the whole answer must match (`regex` extension).
    public var regex: String?
    /// A hint shown in the empty field (`entryFormat`).
    public var entryFormat: String?
    /// Lower bound (`minValue`): integer, decimal, date, dateTime, time or quantity.
    public var minValue: FHIRValue?
    /// Upper bound (`maxValue`).
    public var maxValue: FHIRValue?
    /// Slider end labels (C3-PRO's extra string-valued minValue/maxValue; read, never written).
    public var minLabel: String?
    /// See `minLabel`.
    public var maxLabel: String?
    /// Digits allowed after the decimal point (`maxDecimalPlaces`).
    public var maxDecimalPlaces: Int?
    /// Repetition bounds (`questionnaire-minOccurs` / `questionnaire-maxOccurs`).
    public var minOccurs: Int?
    /// Repetition bound; see `minOccurs`.
    public var maxOccurs: Int?
    /// The enableWhen conditions.
    public var enableWhen: [EnableWhenCondition] = []
    /// How the conditions combine (default `all`).
    public var enableBehavior: EnableBehavior = .all
    /// The options (from `answerOption` or the resolved `answerValueSet`).
    public var answerOptions: [AnswerOptionDefinition] = []
    /// The ValueSet canonical, when options come from one.
    public var answerValueSet: String?
    /// True when `answerValueSet` could not be expanded offline (its codes are not offered; free text is).
    public var valueSetUnavailable = false
    /// Initial values (`initial[]`, or options with `initialSelected`).
    public var initial: [FHIRValue] = []
    /// The `questionnaire-itemControl` code.
    public var itemControl: String?
    /// Slider step (`questionnaire-sliderStepValue`).
    public var sliderStep: Double?
    /// Units offered: `questionnaire-unit` (one) or `questionnaire-unitOption` (several).
    public var units: [Coding] = []
    /// Instruction text (`questionnaire-instruction`, or an `instructions` display child).
    public var instruction: String?
    /// Help text (`questionnaire-help`, or `help`/`flyover` display children).
    public var help: String?
    /// SDC `enableWhenExpression` (FHIRPath).
    public var enableWhenExpression: String?
    /// SDC `calculatedExpression` (FHIRPath).
    public var calculatedExpression: String?
    /// SDC `initialExpression` (FHIRPath), evaluated once with the launch context (`%patient`).
    public var initialExpression: String?
    /// `variable` extensions declared on this item.
    public var variables: [NamedExpression] = []
    /// The child items (help/flyover display children are folded into `help` and left out).
    public var children: [QuestionnaireItem] = []
    /// The item JSON as read (after version adaptation).
    public var raw: JSONValue = .null

    /// Creates an item; the other properties are set by the reader.
    public init(linkId: String, path: String, type: ItemType?, rawType: String) {
        self.linkId = linkId
        self.path = path
        self.type = type
        self.rawType = rawType
    }

    /// True for items that take answers.
    public var isQuestion: Bool { type?.isQuestion ?? false }

    /// Prefix and text joined for display (`1. How old are you?`).
    public var displayText: String? {
        switch (prefix, text) {
        case let (p?, t?): return p + " " + t
        case let (p?, nil): return p
        case let (nil, t): return t
        }
    }

    /// A repeating question with child items: asked as a repeating group, one repetition per answer.
    public var isRepeatingQuestionWithChildren: Bool { isQuestion && repeats && !children.isEmpty }

    /// A group with `repeats`, or a repeating question with children: answered as an array of objects.
    public var answersAsRepetitions: Bool { (type == .group && repeats) || isRepeatingQuestionWithChildren }

    /// The option whose value equals `value` (codings by system and code).
    public func option(matching value: FHIRValue) -> AnswerOptionDefinition? {
        answerOptions.first { FHIRValueComparison.equal($0.value, value) }
    }
}
