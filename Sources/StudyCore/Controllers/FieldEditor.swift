import Foundation

/// The editing state of one field: which editor its kind gets, what it holds, and its message.
public struct FieldEditor: Sendable, Equatable {
    /// The field, in one immutable box: screens copy an editor to read it at every key, and a
    /// copy then costs one retain instead of copying each of the field's strings and options.
    private final class FieldBox: Sendable {
        let field: InputField
        init(_ field: InputField) { self.field = field }
    }

    private let box: FieldBox
    /// The field being answered.
    public var field: InputField { box.field }
    /// The editor and what it holds.
    public internal(set) var state: EditorState
    /// The message shown next to the field (nil: none).
    public internal(set) var message: ValidationMessage?
    /// True for a field of a repeating group's entry that the task's conditions disable in that
    /// entry (FHIR enableWhen on a sibling in the same repetition): it is not shown, asked or
    /// answered there.
    public internal(set) var isDisabled = false
    /// The unit chosen, for a number that can be given in several units (`NumberOptions.units`).
    public internal(set) var unitIndex = 0

    /// An editor for `field` holding `value` (`.null`: unanswered).
    public init(field: InputField, value: JSONValue = .null) {
        box = FieldBox(field)
        state = Self.makeState(field)
        if value != .null { load(value) }
    }

    public static func == (lhs: FieldEditor, rhs: FieldEditor) -> Bool {
        (lhs.box === rhs.box || lhs.field == rhs.field) && lhs.state == rhs.state && lhs.message == rhs.message
            && lhs.isDisabled == rhs.isDisabled
    }

    /// The answer checked by `validator`; a repeating group's fields disabled in an entry are
    /// neither required nor kept there.
    public func validated(by validator: AnswerValidator) -> Result<JSONValue, ValidationMessage> {
        guard case .entries(let list) = state, list.isGroup else { return validator.validate(rawValue, for: field) }
        let answer = list.answer
        return validator.validate(answer.value, for: field, disabledInEntries: answer.disabled)
    }

    /// The editor a field's kind gets.
    static func makeState(_ field: InputField) -> EditorState {
        if field.isReadOnly { return .readOnly(.null) }
        if field.repeats, !field.kind.isChoice, !field.kind.isGroup {
            var single = field
            single.repeats = false
            single.identifier = "value"
            return .entries(EntryList(fields: [single], itemLabel: field.prompt ?? "Answer", isGroup: false,
                                      minimumCount: field.isOptional ? 0 : 1, maximumCount: nil))
        }
        switch field.kind {
        case .text(let o): return .text(TextBuffer(maximumLength: o.maximumLength, isMultiline: o.isMultiline || field.uiHint == .multipleLine), .text)
        case .integer(let o): return numberState(o, isInteger: true, hint: field.uiHint)
        case .decimal(let o): return numberState(o, isInteger: false, hint: field.uiHint)
        case .year: return .text(TextBuffer(maximumLength: 5), .year)
        case .date(let o): return .date(DateEntry(options: o))
        case .duration(let o): return .duration(DurationEntry(options: o))
        case .boolean(let o):
            if o.isCheckbox || field.uiHint == .checkbox || field.uiHint == .toggle { return .checkbox(false) }
            return .choice(ChoiceList(choices: [Choice(value: true, text: o.trueLabel), Choice(value: false, text: o.falseLabel)], allowsMultiple: false))
        case .choice(let o):
            let picker = [.picker, .combobox, .popover].contains(field.uiHint)
            return .choice(ChoiceList(choices: o.choices, allowsMultiple: o.allowsMultiple, other: o.other, isPicker: picker))
        case .multipleComponent(let o): return .components(ComponentPicker(options: o))
        case .measurement: return .text(TextBuffer(maximumLength: 8), .measurement)
        case .postalCode: return .text(TextBuffer(maximumLength: 10), .postalCode)
        case .repeatingGroup(let o):
            return .entries(EntryList(fields: o.fields, itemLabel: o.itemLabel, isGroup: true, minimumCount: o.minimumCount,
                                      maximumCount: o.maximumCount))
        }
    }

    private static func numberState(_ o: NumberOptions, isInteger: Bool, hint: UIHint?) -> EditorState {
        // The same predicates the decoders report with, so what `check` accepts is what shows here.
        if hint == .slider, o.sliderProblem(isInteger: isInteger) == nil, let min = o.minimum, let max = o.maximum {
            return .slider(SliderScale(minimum: min, maximum: max, step: o.sliderStep(isInteger: isInteger), isInteger: isInteger,
                                       minimumLabel: o.minimumLabel, maximumLabel: o.maximumLabel))
        }
        if hint == .likert, let values = o.pickerValues(isInteger: isInteger), values.count >= 2, values.count <= 11 {
            // A Likert scale: its points as a list, the ends labelled ("1 – Not at all").
            let choices = values.enumerated().map { i, v in
                let label = i == 0 ? o.minimumLabel : i == values.count - 1 ? o.maximumLabel : nil
                return Choice(value: v, text: v.displayText + (label.map { " – " + $0 } ?? ""))
            }
            return .choice(ChoiceList(choices: choices, allowsMultiple: false))
        }
        if hint == .picker, let values = o.pickerValues(isInteger: isInteger) {
            let choices = values.map { Choice(value: $0, text: $0.displayText + (o.unit.map { " " + $0 } ?? "")) }
            return .choice(ChoiceList(choices: choices, allowsMultiple: false, isPicker: true))
        }
        return .text(TextBuffer(maximumLength: 24), isInteger ? .integer : .decimal)
    }

    /// Puts an existing answer into the editor.
    mutating func load(_ value: JSONValue) {
        switch state {
        case .text(var b, let kind):
            b.setText(loadUnit(value).displayText)
            state = .text(b, kind)
        case .date(var d):
            d.setText(value.stringValue ?? value.displayText)
            state = .date(d)
        case .duration(var d):
            if let s = value.doubleValue { d.set(seconds: s) }
            state = .duration(d)
        case .choice(var c):
            c.select(value: value)
            state = .choice(c)
        case .checkbox: state = .checkbox(value.boolValue ?? false)
        case .slider(var s):
            if let v = value.doubleValue { s.set(v) }
            state = .slider(s)
        case .components(var p):
            p.select(value: value)
            state = .components(p)
        case .entries(var list):
            list.load(value)
            state = .entries(list)
        case .readOnly: state = .readOnly(value)
        }
    }

    /// Shows a valid answer in the form it is stored in, where that differs from what was typed
    /// (a date typed as 2024-1-5 is stored and then shown as 2024-01-05), so that the screen
    /// shows what is stored.
    mutating func showStoredForm(_ stored: JSONValue) {
        guard case .date = state, stored != .null, stored != rawValue else { return }
        load(stored)
    }

    /// What the editor holds, before validation (`.null`: nothing).
    public var rawValue: JSONValue {
        switch state {
        case .text(let b, let kind):
            guard !b.isEmpty else { return .null }
            if kind == .measurement, let d = Double(b.text.trimmingCharacters(in: .whitespaces)) { return .double(d) }
            return inChosenUnit(.string(b.text))
        case .date(let d): return d.json
        case .duration(let d): return d.json
        case .choice(let c): return c.value
        case .checkbox(let on): return .bool(on)
        case .slider(let s): return s.json
        case .components(let p): return p.json
        case .entries(let list): return list.json
        case .readOnly(let v): return v
        }
    }

    /// True when typed characters go into this editor (text, a filter, Other text).
    public var takesTyping: Bool {
        switch state {
        case .text, .date, .duration: return true
        case .choice(let c): return c.isEditingOther || c.isFilterable || c.isCollapsed != nil
        default: return false
        }
    }

    /// True when Enter acts inside the editor (a new line, opening or choosing in a picker).
    public var consumesEnter: Bool {
        switch state {
        case .text(let b, _): return b.isMultiline
        case .choice(let c): return c.isCollapsed == false || (c.isCollapsed == true && c.selected.isEmpty)
        default: return false
        }
    }
}

/// The editor of a field, holding what the participant has entered.
public enum EditorState: Sendable, Equatable {
    /// Free text or a number typed as text.
    case text(TextBuffer, TextKind)
    /// A date, time or date-time.
    case date(DateEntry)
    /// Hours and minutes.
    case duration(DurationEntry)
    /// A radio list, check list or picker.
    case choice(ChoiceList)
    /// A single checkbox (a Boolean).
    case checkbox(Bool)
    /// A horizontal scale.
    case slider(SliderScale)
    /// One choice per column.
    case components(ComponentPicker)
    /// Entries of a repeating group or repeating field.
    case entries(EntryList)
    /// Shown, not editable (a calculated value, for example).
    case readOnly(JSONValue)
}

/// What a text editor's characters mean.
public enum TextKind: Sendable, Equatable {
    case text, integer, decimal, year, measurement, postalCode

    /// Whether `c` may be typed.
    func accepts(_ c: Character) -> Bool {
        switch self {
        case .text, .postalCode: return true
        case .integer, .year: return c.isASCII && (c.isNumber || c == "-")
        case .decimal, .measurement: return c.isASCII && (c.isNumber || c == "-" || c == ".")
        }
    }
}

extension InputKind {
    /// True for single and multiple choice.
    public var isChoice: Bool {
        if case .choice = self { return true }
        return false
    }

    /// True for a choice that takes several options (a check list).
    public var isMultipleChoice: Bool {
        if case .choice(let o) = self { return o.allowsMultiple }
        return false
    }

    /// True for a repeating group.
    public var isGroup: Bool {
        if case .repeatingGroup = self { return true }
        return false
    }
}
