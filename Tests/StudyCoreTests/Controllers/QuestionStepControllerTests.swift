import Foundation
import StudyCore
import Testing

@Suite struct QuestionStepControllerTests {
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    func controller(_ fields: [InputField], answers: [String: JSONValue] = [:], conditions: any TaskConditions = NoTaskConditions()) -> QuestionStepController {
        let q = QuestionStep(fields: fields)
        return QuestionStepController(step: StepDefinition(identifier: "s", kind: .question(q)), question: q, answers: answers,
                                      conditions: conditions)
    }

    @Test func requiredAnswersBlockNextWithAMessageOnTheField() {
        var c = controller([InputField(identifier: "age", prompt: "Age", kind: .integer(NumberOptions(minimum: 0, maximum: 120)))])
        let out = c.handle(.goForward, now: now)
        #expect(out.request == nil)
        #expect(out.message == "An answer is required.")
        #expect(out.focus == FieldPath(field: 0))
        #expect(c.editors[0].message == "An answer is required.")
        _ = c.handle(.edit(FieldPath(field: 0), .setText("130")), now: now)
        #expect(c.handle(.goForward, now: now).message == "Enter 120 or less.")
        _ = c.handle(.edit(FieldPath(field: 0), .setText("42")), now: now)
        #expect(c.handle(.goForward, now: now).request == .forward(["age": 42]))
    }

    @Test func leavingAFieldShowsItsMessage() {
        var c = controller([InputField(identifier: "y", kind: .year(YearOptions(minimumYear: 1900)))])
        _ = c.handle(.edit(FieldPath(field: 0), .setText("1800")), now: now)
        _ = c.handle(.leave(FieldPath(field: 0)), now: now)
        #expect(c.editors[0].message == "Enter 1900 or later.")
    }

    @Test func optionalStepsCanBeSkippedAndBackKeepsValidAnswers() {
        var c = controller([InputField(identifier: "a", kind: .text(TextOptions()), isOptional: true),
                            InputField(identifier: "b", kind: .integer(NumberOptions(maximum: 5)), isOptional: true)])
        _ = c.handle(.edit(FieldPath(field: 0), .setText("hi")), now: now)
        _ = c.handle(.edit(FieldPath(field: 1), .setText("9")), now: now)
        #expect(c.handle(.goBack, now: now).request == .back(["a": "hi"]))
        #expect(c.handle(.skip, now: now).request == .skip)
    }

    @Test func prefilledAnswersAreShown() {
        let c = controller([InputField(identifier: "mood", kind: .choice(ChoiceOptions(choices: [Choice(value: 1, text: "Good"), Choice(value: 2, text: "Bad")])))],
                           answers: ["mood": 2])
        #expect(c.editors[0].rawValue == 2)
    }

    /// Disables `b` unless `a` is "yes"; calculates `total` as the length of `a`.
    struct Conditions: TaskConditions {
        func isStepEnabled(_ step: StepID, answers: AnswerSnapshot) -> Bool { true }
        func isFieldEnabled(_ field: String, answers: AnswerSnapshot) -> Bool { field != "b" || answers["a"] == "yes" }
        func calculatedValues(answers: AnswerSnapshot) -> [String: JSONValue] { ["total": .int(answers["a"]?.stringValue?.count ?? 0)] }
    }

    @Test func disabledFieldsAreHiddenAndCalculatedValuesShown() {
        var c = controller([InputField(identifier: "a", kind: .text(TextOptions())),
                            InputField(identifier: "b", kind: .text(TextOptions())),
                            InputField(identifier: "total", kind: .integer(NumberOptions()), isReadOnly: true)], conditions: Conditions())
        #expect(c.visibleFields == [0, 2])
        #expect(c.focusablePaths == [FieldPath(field: 0)])
        _ = c.handle(.edit(FieldPath(field: 0), .setText("yes")), now: now)
        #expect(c.visibleFields == [0, 1, 2])
        #expect(c.editors[2].rawValue == 3)
        _ = c.handle(.edit(FieldPath(field: 0), .setText("no")), now: now)
        #expect(c.handle(.goForward, now: now).request == .forward(["a": "no", "total": 2]))
    }

    /// `isFocusable` and `focusablePathCount` answer for `focusablePaths` without building it:
    /// they must agree with it on every path, through hidden, disabled, calculated and group fields.
    @Test func focusChecksAgreeWithTheFocusablePaths() {
        let subs = [InputField(identifier: "name", kind: .text(TextOptions())),
                    InputField(identifier: "code", kind: .text(TextOptions()), isReadOnly: true),
                    InputField(identifier: "note", kind: .text(TextOptions()), isHidden: true),
                    InputField(identifier: "dose", kind: .integer(NumberOptions()))]
        var c = controller([InputField(identifier: "a", kind: .text(TextOptions())),
                            InputField(identifier: "b", kind: .text(TextOptions())),
                            InputField(identifier: "total", kind: .integer(NumberOptions()), isReadOnly: true),
                            InputField(identifier: "secret", kind: .text(TextOptions()), isHidden: true),
                            InputField(identifier: "meds", kind: .repeatingGroup(RepeatingGroupOptions(fields: subs, minimumCount: 1, maximumCount: 3, itemLabel: "Medication")))],
                           conditions: Conditions())
        func check(_ label: Comment) {
            let paths = c.focusablePaths
            #expect(c.focusablePathCount == paths.count, label)
            for field in -1...6 {
                for entry in [nil, -1, 0, 1, 2] as [Int?] {
                    for sub in [nil, -1, 0, 1, 2, 3, 4] as [Int?] {
                        let path = FieldPath(field: field, entry: entry, sub: sub)
                        #expect(c.isFocusable(path) == paths.contains(path), "\(label): \(path)")
                    }
                }
            }
        }
        check("b disabled, one entry")
        _ = c.handle(.edit(FieldPath(field: 0), .setText("yes")), now: now)
        _ = c.handle(.addEntry(group: FieldPath(field: 4)), now: now)
        check("b enabled, two entries")
        #expect(c.focusablePaths.contains(FieldPath(field: 4, entry: 1, sub: 3)))
        #expect(!c.focusablePaths.contains(FieldPath(field: 4, entry: 1, sub: 1)))
    }

    /// A presentation re-checks its focus and key map only when `structureRevision` moves: it
    /// must move whenever the focusable paths change, and stay put while typing changes nothing.
    @Test func structureRevisionMovesWhenTheFocusablePathsChange() {
        let subs = [InputField(identifier: "name", kind: .text(TextOptions()))]
        var c = controller([InputField(identifier: "a", kind: .text(TextOptions())),
                            InputField(identifier: "b", kind: .text(TextOptions())),
                            InputField(identifier: "total", kind: .integer(NumberOptions()), isReadOnly: true),
                            InputField(identifier: "meds", kind: .repeatingGroup(RepeatingGroupOptions(fields: subs, minimumCount: 0, maximumCount: 3, itemLabel: "Medication")))],
                           conditions: Conditions())
        let a = FieldPath(field: 0)
        let steps: [(StepInput, Bool)] = [
            (.edit(a, .insert("y")), false), (.edit(a, .insert("e")), false),
            (.edit(a, .insert("s")), true),                       // "yes" enables b
            (.edit(FieldPath(field: 1), .insert("x")), false),
            (.edit(a, .insert("!")), true),                       // "yes!" disables it again
            (.edit(a, .backspace), true),
            (.addEntry(group: FieldPath(field: 3)), true), (.addEntry(group: FieldPath(field: 3)), true),
            (.edit(FieldPath(field: 3, entry: 1, sub: 0), .insert("A")), false),
            (.removeEntry(group: FieldPath(field: 3), entry: 0), true),
            (.edit(FieldPath(field: 3), .clear), true),           // clearing the group drops its entry
            (.edit(a, .left), false),
        ]
        for (number, (input, changes)) in steps.enumerated() {
            let (revision, paths) = (c.structureRevision, c.focusablePaths)
            _ = c.handle(input, now: now)
            #expect((c.structureRevision != revision) == changes, "step \(number): \(input)")
            if c.structureRevision == revision { #expect(c.focusablePaths == paths, "step \(number): \(input)") }
        }
    }

    @Test func repeatingGroupsAddAndRemoveEntries() {
        let fields = [InputField(identifier: "name", kind: .text(TextOptions()))]
        var c = controller([InputField(identifier: "meds", kind: .repeatingGroup(RepeatingGroupOptions(fields: fields, minimumCount: 1, maximumCount: 2, itemLabel: "Medication")))])
        _ = c.handle(.edit(FieldPath(field: 0, entry: 0, sub: 0), .setText("Aspirin")), now: now)
        _ = c.handle(.addEntry(group: FieldPath(field: 0)), now: now)
        _ = c.handle(.edit(FieldPath(field: 0, entry: 1, sub: 0), .setText("Ibuprofen")), now: now)
        #expect(c.handle(.addEntry(group: FieldPath(field: 0)), now: now).bell)
        guard case .entries(let list) = c.editors[0].state else { Issue.record("no entries"); return }
        #expect(list.heading(1) == "Medication 2 of 2")
        #expect(c.handle(.goForward, now: now).request == .forward(["meds": [["name": "Aspirin"], ["name": "Ibuprofen"]]]))
        _ = c.handle(.removeEntry(group: FieldPath(field: 0), entry: 0), now: now)
        #expect(c.handle(.goForward, now: now).request == .forward(["meds": [["name": "Ibuprofen"]]]))
    }
}

/// Repeating groups nest: every field of every level has a path of its own.
@Suite struct NestedGroupPathTests {
    @Test func everyFieldOfNestedGroupsHasItsOwnFocusablePath() {
        let inner = InputField(identifier: "doses", kind: .repeatingGroup(RepeatingGroupOptions(
            fields: [InputField(identifier: "amount", kind: .integer(NumberOptions()), isOptional: true)], itemLabel: "Dose")), isOptional: true)
        let outer = InputField(identifier: "meds", kind: .repeatingGroup(RepeatingGroupOptions(
            fields: [InputField(identifier: "name", kind: .text(TextOptions()), isOptional: true), inner], itemLabel: "Medication")), isOptional: true)
        let step = StepDefinition(identifier: "s", kind: .question(QuestionStep(fields: [outer])))
        var c = QuestionStepController(step: step, question: step.question!, answers: [:])
        let amount = FieldPath(field: 0, levels: [.init(entry: 0, sub: 1), .init(entry: 0, sub: 0)])
        #expect(c.focusablePaths == [FieldPath(field: 0, entry: 0, sub: 0), amount, FieldPath(field: 0, entry: 0, sub: 1), FieldPath(field: 0)])
        #expect(Set(c.focusablePaths).count == c.focusablePaths.count)
        let now = Date(timeIntervalSince1970: 0)
        _ = c.handle(.edit(amount, .insert("7")), now: now)
        _ = c.handle(.addEntry(group: FieldPath(field: 0, entry: 0, sub: 1)), now: now)
        #expect(c.isFocusable(FieldPath(field: 0, levels: [.init(entry: 0, sub: 1), .init(entry: 1, sub: 0)])))
        #expect(c.validAnswers(now: now)["meds"] == [["doses": [["amount": 7]]]])
    }
}
