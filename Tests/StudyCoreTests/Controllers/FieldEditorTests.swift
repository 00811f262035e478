import Foundation
import StudyCore
import Testing

@Suite struct FieldEditorTests {
    let context = EditContext(now: Date(timeIntervalSince1970: 1_700_000_000), timeZone: TimeZone(identifier: "UTC")!)

    func editor(_ kind: InputKind, hint: UIHint? = nil, optional: Bool = false) -> FieldEditor {
        FieldEditor(field: InputField(identifier: "f", kind: kind, isOptional: optional, uiHint: hint))
    }

    @Test func textEditingMovesTheCursorAndHonoursMaximumLength() {
        var e = editor(.text(TextOptions(maximumLength: 4)))
        for c in "abcde" { _ = e.apply(.insert(c), context: context) }
        #expect(e.rawValue == "abcd")
        #expect(e.apply(.left, context: context) == .moved)
        #expect(e.apply(.backspace, context: context) == .changed)
        #expect(e.rawValue == "abd")
        #expect(e.apply(.insert("z"), context: context) == .changed)
        #expect(e.rawValue == "abzd")
    }

    @Test func integerFieldsRejectLetters() {
        var e = editor(.integer(NumberOptions(minimum: 0, maximum: 10)))
        #expect(e.apply(.insert("x"), context: context) == .rejected)
        #expect(e.apply(.insert("7"), context: context) == .changed)
        #expect(e.rawValue == "7")
    }

    @Test func multilineTextTakesEnterAsANewLine() {
        var e = editor(.text(TextOptions(isMultiline: true)))
        _ = e.apply(.insert("a"), context: context)
        #expect(e.consumesEnter)
        _ = e.apply(.activate, context: context)
        _ = e.apply(.insert("b"), context: context)
        #expect(e.rawValue == "a\nb")
    }

    @Test func sliderStepsPagesAndEnds() {
        var e = editor(.integer(NumberOptions(minimum: 0, maximum: 100, step: 5)), hint: .slider)
        #expect(e.rawValue == .null)
        _ = e.apply(.right, context: context)
        #expect(e.rawValue == 0)
        _ = e.apply(.right, context: context)
        #expect(e.rawValue == 5)
        _ = e.apply(.pageUp, context: context)
        #expect(e.rawValue == 15)
        _ = e.apply(.end, context: context)
        #expect(e.rawValue == 100)
        #expect(e.apply(.right, context: context) == .rejected)
        _ = e.apply(.pageDown, context: context)
        #expect(e.rawValue == 90)
        _ = e.apply(.home, context: context)
        #expect(e.rawValue == 0)
    }

    @Test func checkListExclusiveOptionClearsTheOthers() {
        let options = ChoiceOptions(choices: [Choice(value: "a", text: "A"), Choice(value: "b", text: "B"),
                                              Choice(value: "none", text: "None", isExclusive: true)], allowsMultiple: true,
                                    other: OtherOption(label: "Other"))
        var e = editor(.choice(options))
        _ = e.apply(.choose(0), context: context)
        _ = e.apply(.choose(1), context: context)
        #expect(e.rawValue == ["a", "b"])
        _ = e.apply(.choose(2), context: context)
        #expect(e.rawValue == ["none"])
        _ = e.apply(.choose(0), context: context)
        #expect(e.rawValue == ["a"])
        _ = e.apply(.choose(3), context: context)
        for c in "Cough" { _ = e.apply(.insert(c), context: context) }
        #expect(e.rawValue == ["a", "Cough"])
    }

    @Test func longListsFilterAsYouType() {
        let choices = (1...15).map { Choice(value: .int($0), text: $0 == 12 ? "Twelve" : "Item \($0)") }
        var e = editor(.choice(ChoiceOptions(choices: choices)))
        #expect(e.takesTyping)
        for c in "twe" { _ = e.apply(.insert(c), context: context) }
        guard case .choice(let list) = e.state else { Issue.record("not a list"); return }
        #expect(list.visibleRows == [11])
        _ = e.apply(.toggle, context: context)
        #expect(e.rawValue == 12)
    }

    @Test func pickerOpensChoosesAndCollapses() {
        var e = editor(.choice(ChoiceOptions(choices: [Choice(value: "x", text: "X"), Choice(value: "y", text: "Y")])), hint: .picker)
        #expect(e.consumesEnter)
        _ = e.apply(.activate, context: context)
        _ = e.apply(.down, context: context)
        _ = e.apply(.activate, context: context)
        #expect(e.rawValue == "y")
        #expect(!e.consumesEnter)
        _ = e.apply(.left, context: context)
        #expect(e.rawValue == "x")
    }

    @Test func datesStepByADayAndTimesByTheInterval() {
        var d = editor(.date(DateOptions(component: .date)))
        for c in "2024-02-28" { _ = d.apply(.insert(c), context: context) }
        _ = d.apply(.right, context: context)
        _ = d.apply(.right, context: context)
        #expect(d.rawValue == "2024-03-01")
        var t = editor(.date(DateOptions(component: .time, minuteInterval: 15)))
        _ = t.apply(.setText("09:00"), context: context)
        _ = t.apply(.left, context: context)
        #expect(t.rawValue == "08:45")
    }

    @Test func durationIsHoursAndMinutesInSeconds() {
        var e = editor(.duration(DurationOptions()))
        _ = e.apply(.insert("1"), context: context)
        _ = e.apply(.right, context: context)
        _ = e.apply(.insert("3"), context: context)
        _ = e.apply(.insert("0"), context: context)
        #expect(e.rawValue == 5400)
        let loaded = FieldEditor(field: InputField(identifier: "d", kind: .duration(DurationOptions())), value: 3720)
        guard case .duration(let entry) = loaded.state else { Issue.record("not a duration"); return }
        #expect(entry.parts.map(\.text) == ["1", "2"])
    }

    @Test func componentsChooseOnePerColumn() {
        var e = editor(.multipleComponent(MultipleComponentOptions(components: [[Choice(value: "soup", text: "soup"), Choice(value: "rice", text: "rice")],
                                                                               [Choice(value: "tea", text: "tea")]], separator: " with ")))
        _ = e.apply(.down, context: context)
        _ = e.apply(.down, context: context)
        _ = e.apply(.right, context: context)
        _ = e.apply(.down, context: context)
        #expect(e.rawValue == ["rice", "tea"])
    }

    @Test func checkboxToggles() {
        var e = editor(.boolean(BooleanOptions(isCheckbox: true)))
        #expect(e.rawValue == false)
        _ = e.apply(.toggle, context: context)
        #expect(e.rawValue == true)
    }
}
