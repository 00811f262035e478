import Foundation
import StudyCore
import Testing

@testable import StudyFHIR

/// enableWhen on a sibling inside a repeating group is evaluated within each repetition.
@Suite struct RepeatingGroupConditionsTests {
    /// A repeating group "med": taking (boolean), dose (required string, enabled when taking is true).
    private func imported() throws -> ImportedQuestionnaire {
        let q = Fixtures.questionnaire([
            Fixtures.item("med", "group", ["text": "Medication", "repeats": true, "item": [
                Fixtures.item("taking", "boolean", ["text": "Taking it now?"]),
                Fixtures.item("dose", "string", ["text": "Dose", "required": true,
                                                 "enableWhen": [Fixtures.when("taking", "=", "answerBoolean", true)]]),
            ]]),
        ])
        return try QuestionnaireImporter().importQuestionnaire(
            from: q, file: FileReference(url: URL(fileURLWithPath: "/med.json"), displayName: "med.json"))
    }

    /// The controller of the group's step holding `entries` as the group's answer.
    private func controller(_ entries: JSONValue) throws -> QuestionStepController {
        let imported = try imported()
        let step = try #require(imported.task.steps.steps.first { $0.question != nil })
        return QuestionStepController(step: step, question: try #require(step.question), answers: ["med": entries],
                                      conditions: imported.conditions, timeZone: TimeZone(identifier: "UTC")!)
    }

    /// Which fields of each entry are disabled.
    private func disabled(_ c: QuestionStepController) -> [[String]] {
        guard case .entries(let list) = c.editors[0].state else { return [] }
        return list.entries.map { $0.filter(\.isDisabled).map(\.field.identifier) }
    }

    @Test func aSiblingEnablesTheFieldInItsOwnRepetitionOnly() throws {
        var c = try controller([["taking": true], ["taking": false]])
        #expect(disabled(c) == [[], ["dose"]])
        #expect(c.focusablePaths == [FieldPath(field: 0, entry: 0, sub: 0), FieldPath(field: 0, entry: 0, sub: 1),
                                     FieldPath(field: 0, entry: 1, sub: 0), FieldPath(field: 0)])
        guard case .failure(let problem) = c.validate(now: Date()) else { Issue.record("a missing dose in entry 1 passed"); return }
        #expect(problem.message.text == "Medication 1, Dose: An answer is required.")
    }

    @Test func aDisabledRequiredFieldNeitherBlocksNorIsAnswered() throws {
        var c = try controller([["taking": true, "dose": "5 mg"], ["taking": false, "dose": "typed before"]])
        #expect(disabled(c) == [[], ["dose"]])
        let answers = try c.validate(now: Date()).get()
        #expect(answers["med"] == [["taking": true, "dose": "5 mg"], ["taking": false]])
    }

    @Test func answeringTheSiblingInItsEntryEnablesTheField() throws {
        var c = try controller([["taking": false]])
        #expect(disabled(c) == [["dose"]])
        let before = c.structureRevision
        let outcome = c.handle(.edit(FieldPath(field: 0, entry: 0, sub: 0), .choose(0)), now: Date())   // Yes
        #expect(outcome.handled)
        #expect(disabled(c) == [[]])
        #expect(c.structureRevision != before)
        #expect(c.focusablePaths.contains(FieldPath(field: 0, entry: 0, sub: 1)))
    }

    @Test func theResponseLeavesTheDisabledFieldOutAndValidates() throws {
        let imported = try imported()
        var c = try controller([["taking": true, "dose": "5 mg"], ["taking": false, "dose": "typed before"]])
        let answers = try c.validate(now: Date()).get()
        let qr = QuestionnaireResponseBuilder(model: imported.model, timeZone: TimeZone(identifier: "UTC")!)
            .build(answers: answers, status: .completed, authored: Date(timeIntervalSince1970: 1_774_605_600)).resource
        let validator = QuestionnaireResponseValidator(model: imported.model)
        #expect(validator.validate(qr).filter { $0.severity == .error }.isEmpty)
        let repetitions = qr["item"]?.arrayValue ?? []
        #expect(repetitions.count == 2)
        #expect(repetitions.last?["item"]?.arrayValue?.compactMap { $0["linkId"]?.stringValue } == ["taking"])

        // The same response with the dose missing where taking is true is refused, and a dose
        // given where taking is false too.
        let missing = replacingItems(of: qr, with: [["linkId": "med", "item": [["linkId": "taking", "answer": [["valueBoolean": true]]]]]])
        #expect(validator.validate(missing).contains { $0.severity == .error && $0.message.contains("required item \"dose\"") })
        let extra = replacingItems(of: qr, with: [["linkId": "med", "item": [["linkId": "taking", "answer": [["valueBoolean": false]]],
                                                                             ["linkId": "dose", "answer": [["valueString": "5 mg"]]]]]])
        #expect(validator.validate(extra).contains { $0.severity == .error && $0.message.contains("enableWhen disables it") })
    }

    /// `response` with `items` as its items.
    private func replacingItems(of response: JSONValue, with items: [JSONValue]) -> JSONValue {
        guard case .object(var o) = response else { return response }
        o["item"] = .array(items)
        return .object(o)
    }
}
