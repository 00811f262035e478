import Foundation
import StudyCore
import Testing

@testable import StudyFHIR

@Suite struct ValidationTests {
    private func response(_ items: JSONValue) -> JSONValue {
        ["resourceType": "QuestionnaireResponse", "status": "completed", "questionnaire": "http://example.org/Questionnaire/test", "item": items]
    }

    private func errors(_ items: [JSONValue], _ qrItems: JSONValue) -> [String] {
        let model = Fixtures.model(Fixtures.questionnaire(items))
        return QuestionnaireResponseValidator(model: model).validate(response(qrItems)).filter { $0.severity == .error }
            .map { "\($0.path): \($0.message)" }
    }

    @Test func acceptsAValidResponse() {
        #expect(errors([Fixtures.item("a", "integer", ["required": true])], [["linkId": "a", "answer": [["valueInteger": 1]]]]) == [])
    }

    @Test func reportsMissingRequiredItemsOnlyWhenEnabled() {
        let items = [
            Fixtures.item("on", "boolean"),
            Fixtures.item("r", "string", ["required": true, "enableWhen": [Fixtures.when("on", "=", "answerBoolean", true)]]),
        ]
        #expect(errors(items, [["linkId": "on", "answer": [["valueBoolean": false]]]]) == [])
        #expect(errors(items, [["linkId": "on", "answer": [["valueBoolean": true]]]]) == ["item[linkId=r]: required item \"r\" (Q r) is not answered"])
    }

    @Test func reportsAnswersToDisabledItemsWrongTypesAndUnknownLinkIds() {
        let items = [Fixtures.item("on", "boolean"), Fixtures.item("x", "integer", ["enableWhen": [Fixtures.when("on", "=", "answerBoolean", true)]])]
        let found = errors(items, [["linkId": "x", "answer": [["valueString": "3"]]], ["linkId": "nope"]])
        #expect(found == [
            "item[linkId=x]: \"x\" is answered although enableWhen disables it",
            "item[linkId=x]: valueString does not fit a integer item (expected valueInteger)",
            "item[linkId=nope]: linkId \"nope\" is not in the Questionnaire",
        ])
    }

    @Test func checksLengthsBoundsDecimalPlacesAndOptions() {
        let ext = { (url: String, key: String, v: JSONValue) -> JSONValue in
            ["url": .string("http://hl7.org/fhir/StructureDefinition/" + url), .init(stringLiteral: key): v].asObject
        }
        let items = [
            Fixtures.item("s", "string", ["maxLength": 3]),
            Fixtures.item("n", "decimal", ["extension": [ext("minValue", "valueDecimal", 1), ext("maxDecimalPlaces", "valueInteger", 1)]]),
            Fixtures.item("c", "choice", ["answerOption": [["valueCoding": Fixtures.coding("a")]]]),
            Fixtures.item("once", "string"),
        ]
        let found = errors(items, [
            ["linkId": "s", "answer": [["valueString": "abcd"]]],
            ["linkId": "n", "answer": [["valueDecimal": 0.25]]],
            ["linkId": "c", "answer": [["valueCoding": Fixtures.coding("z")]]],
            ["linkId": "once", "answer": [["valueString": "x"], ["valueString": "y"]]],
        ])
        #expect(found == [
            "item[linkId=s]: 'abcd' is 4 characters long, at most 3 allowed",
            "item[linkId=n]: 0.25 is below the minimum 1",
            "item[linkId=n]: 0.25 has more than 1 decimal places",
            "item[linkId=c]: http://example.org|z is not one of the item's options",
            "item[linkId=once]: 2 answers, but the item does not repeat",
        ])
    }

    @Test func checksRepetitionCountsAndIgnoresRequiredGroupsWithoutQuestions() {
        let maxOne: JSONValue = ["url": "http://hl7.org/fhir/StructureDefinition/questionnaire-maxOccurs", "valueInteger": 1]
        let items = [
            Fixtures.item("g", "group", ["repeats": true, "extension": [maxOne], "item": [Fixtures.item("n", "string")]]),
            Fixtures.item("notes", "group", ["required": true, "item": [Fixtures.item("d", "display")]]),
        ]
        let rep: JSONValue = ["linkId": "g", "item": [["linkId": "n", "answer": [["valueString": "x"]]]]]
        #expect(errors(items, [rep, rep]) == ["item[linkId=g]: \"g\" repeats 2 times, at most 1 allowed"])
    }

    @Test func requiresChildrenOfQuestionsUnderTheirAnswer() {
        let items = [Fixtures.item("q", "boolean", ["item": [Fixtures.item("c", "string")]])]
        #expect(errors(items, [["linkId": "q", "answer": [["valueBoolean": true]], "item": [["linkId": "c"]]]]) ==
                ["item[linkId=q]: child items of a question belong under answer.item, not item.item"])
        #expect(errors(items, [["linkId": "q", "answer": [["valueBoolean": true, "item": [["linkId": "c", "answer": [["valueString": "x"]]]]]]]]) == [])
    }

    @Test func exportedResponsesValidate() {
        let model = Fixtures.model(Fixtures.questionnaire([
            Fixtures.item("g", "group", ["repeats": true, "item": [Fixtures.item("n", "integer", ["required": true])]]),
            Fixtures.item("t", "dateTime"),
        ]))
        let qr = QuestionnaireResponseBuilder(model: model).build(answers: ["g": [["n": 1], ["n": 2]], "t": "2024-02-03T04:05"],
                                                                  status: .completed, authored: Date()).resource
        #expect(QuestionnaireResponseValidator(model: model).validate(qr) == [])
    }
}

// The two responses the HL7 validator test cases mark as invalid must be rejected.
@Suite(.enabled(if: Corpus.isAvailable, "the shared FHIR corpus (../shared/corpus) is not present"))
struct CorpusValidationTests {
    private func errors(_ q: String, _ r: String) throws -> [String] {
        let model = try #require(QuestionnaireModel.read(try Corpus.json(q), file: q).model)
        return QuestionnaireResponseValidator(model: model).validate(try Corpus.json(r), file: r).filter { $0.severity == .error }.map(\.description)
    }

    @Test func rejectsAnExclusiveOptionChosenWithAnother() throws {
        let found = try errors("real/ftc-optionExclusive-questionnaire.json", "real/ftc-optionExclusive-questionnaireresponse.EXPECT-INVALID.json")
        #expect(found == ["real/ftc-optionExclusive-questionnaireresponse.EXPECT-INVALID.json: item[linkId=q1]: error: "
            + "the option c2 (http://example.org|c2) excludes every other answer, but 1 more were given"])
    }

    @Test func rejectsAnAnswerThatBreaksTheRegex() throws {
        let found = try errors("real/ftc-regex-questionnaire.json", "real/ftc-regex-questionnaireresponse.EXPECT-INVALID.json")
        #expect(found == ["real/ftc-regex-questionnaireresponse.EXPECT-INVALID.json: item[linkId=q1]: error: "
            + "'fasdfa@@test.com.au' does not match the pattern ^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$"])
    }

    @Test(arguments: ["sdc-questionnaire-PHQ9.json|sdc-questionnaireresponse-PHQ9.json",
                      "lforms-items-under-repeating-choice.json|lforms-items-under-repeating-choice-response.json"])
    func acceptsTheValidCorpusResponses(_ pair: String) throws {
        let parts = pair.split(separator: "|").map { "real/" + $0 }
        let found = try errors(parts[0], parts[1])
        #expect(found == [], "\(found)")
    }

    @Test func findsTheCaseMismatchedCodeInTheR4BluebookExample() throws {
        // The R4 spec example answers "sex" with code "f"; the Questionnaire offers "F" and "M" (codes are case-sensitive).
        let found = try errors("real/r4spec-questionnaire-example-bluebook.json", "real/r4spec-questionnaireresponse-example-bluebook.json")
        #expect(found == ["real/r4spec-questionnaireresponse-example-bluebook.json: item[linkId=birthDetails]/item[linkId=group]/item[linkId=sex]: "
            + "error: f is not one of the item's options"])
    }
}
