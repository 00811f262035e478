import Foundation
import StudyCore
import Testing

/// An answer is recorded only from an explicit act on an option: Space, its number, a click, or
/// Enter on an option the participant moved to. A highlight resting on option 1 is not a choice.
@Suite struct NoDefaultAnswerTests {
    let context = EditContext(now: Date(timeIntervalSince1970: 1_700_000_000), timeZone: TimeZone(identifier: "UTC")!)
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    func field(_ kind: InputKind, hint: UIHint? = nil, optional: Bool = false) -> InputField {
        InputField(identifier: "f", prompt: "Question", kind: kind, isOptional: optional, uiHint: hint)
    }

    var radio: InputKind {
        .choice(ChoiceOptions(choices: [Choice(value: 1, text: "One"), Choice(value: 2, text: "Two")]))
    }

    @Test func enterOnAnUntouchedRadioListChoosesNothing() {
        var e = FieldEditor(field: field(radio))
        #expect(e.apply(.activate, context: context) == .moved)
        #expect(e.rawValue == .null)
    }

    @Test func enterOnAnUntouchedYesNoQuestionChoosesNothing() {
        var e = FieldEditor(field: field(.boolean(BooleanOptions())))
        _ = e.apply(.activate, context: context)
        #expect(e.rawValue == .null)
    }

    @Test func enterOnAnOptionTheParticipantMovedToChoosesIt() {
        var e = FieldEditor(field: field(radio))
        _ = e.apply(.down, context: context)
        _ = e.apply(.up, context: context)
        #expect(e.apply(.activate, context: context) == .changed)
        #expect(e.rawValue == 1)
        var down = FieldEditor(field: field(radio))
        _ = down.apply(.down, context: context)
        _ = down.apply(.activate, context: context)
        #expect(down.rawValue == 2)
    }

    @Test func spaceAndANumberChooseWithoutMovingFirst() {
        var space = FieldEditor(field: field(radio))
        _ = space.apply(.toggle, context: context)
        #expect(space.rawValue == 1)
        var number = FieldEditor(field: field(radio))
        _ = number.apply(.insert("2"), context: context)
        #expect(number.rawValue == 2)
    }

    @Test func aDropDownOpenedWithEnterTakesNothingOnASecondEnter() {
        var e = FieldEditor(field: field(radio, hint: .picker))
        _ = e.apply(.activate, context: context)   // opens
        #expect(e.apply(.activate, context: context) == .rejected)
        #expect(e.rawValue == .null)
        guard case .choice(let list) = e.state else { Issue.record("not a list"); return }
        #expect(list.isCollapsed == false, "the list stays open so that the participant can choose")
        _ = e.apply(.down, context: context)
        _ = e.apply(.activate, context: context)
        #expect(e.rawValue == 2)
    }

    @Test func aDropDownReopenedOnItsAnswerKeepsItOnEnter() {
        var e = FieldEditor(field: field(radio, hint: .picker), value: 2)
        _ = e.apply(.toggle, context: context)     // Space opens a chosen picker
        _ = e.apply(.activate, context: context)
        #expect(e.rawValue == 2)
    }

    @Test func aRequiredUntouchedListBlocksNextAndAnOptionalOneRecordsNoAnswer() {
        let step = StepDefinition(identifier: "q", kind: .question(QuestionStep(fields: [field(radio)])))
        var required = QuestionStepController(step: step, question: step.question!, answers: [:])
        _ = required.handle(.edit(FieldPath(field: 0), .activate), now: now)
        let blocked = required.handle(.goForward, now: now)
        #expect(blocked.request == nil)
        #expect(blocked.message == "An answer is required.")

        let optionalStep = StepDefinition(identifier: "q", kind: .question(QuestionStep(fields: [field(radio, optional: true)])))
        var optional = QuestionStepController(step: optionalStep, question: optionalStep.question!, answers: [:])
        _ = optional.handle(.edit(FieldPath(field: 0), .activate), now: now)
        #expect(optional.handle(.goForward, now: now).request == .forward([:]))
    }
}
