import Foundation
import StudyCore
import Testing

@testable import StudyFHIR

@Suite struct ResponseBuilderTests {
    private let utcPlus2 = TimeZone(secondsFromGMT: 7200)!
    private let authored = Date(timeIntervalSince1970: 1_700_000_000)

    private func build(_ items: [JSONValue], _ answers: [String: JSONValue], extra: [String: JSONValue] = [:],
                       status: ResponseStatus = .completed) -> JSONValue {
        let model = Fixtures.model(Fixtures.questionnaire(items, extra: extra))
        return QuestionnaireResponseBuilder(model: model, timeZone: utcPlus2)
            .build(answers: answers, status: status, authored: authored).resource
    }

    private func answer(_ qr: JSONValue, _ index: Int = 0) -> JSONValue? { qr["item"]?.arrayValue?[index]["answer"] }

    @Test func writesHeaderWithCanonicalStatusAuthoredAndRunIdentifier() {
        let model = Fixtures.model(Fixtures.questionnaire([Fixtures.item("a", "string")]))
        let uuid = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!
        let qr = QuestionnaireResponseBuilder(model: model, timeZone: utcPlus2)
            .build(answers: ["a": "x"], status: .inProgress, authored: authored, identifier: uuid, subject: ["reference": "Patient/1"]).resource
        #expect(qr["resourceType"] == "QuestionnaireResponse")
        #expect(qr["questionnaire"] == "http://example.org/Questionnaire/test|1.0")
        #expect(qr["status"] == "in-progress")
        #expect(qr["authored"] == "2023-11-15T00:13:20.000+02:00")
        #expect(qr["identifier"]?["value"] == "urn:uuid:6f9619ff-8b86-d011-b42d-00c04fc964ff")
        #expect(qr["subject"] == ["reference": "Patient/1"])
        #expect(qr["item"] == [["linkId": "a", "text": "Q a", "answer": [["valueString": "x"]]]])
    }

    @Test func writesValueXStrictlyByItemType() {
        let unit: JSONValue = ["url": "http://hl7.org/fhir/StructureDefinition/questionnaire-unit",
                               "valueCoding": ["system": "http://unitsofmeasure.org", "code": "kg", "display": "kilogram"]]
        let qr = build([
            Fixtures.item("b", "boolean"), Fixtures.item("i", "integer"), Fixtures.item("d", "decimal"),
            Fixtures.item("date", "date"), Fixtures.item("dt", "dateTime"), Fixtures.item("t", "time"),
            Fixtures.item("s", "string"), Fixtures.item("txt", "text"), Fixtures.item("u", "url"),
            Fixtures.item("c", "choice", ["answerOption": [["valueCoding": Fixtures.coding("a", display: "A")]]]),
            Fixtures.item("o", "open-choice", ["answerOption": [["valueCoding": Fixtures.coding("a")]]]),
            Fixtures.item("q", "quantity", ["extension": [unit]]),
            Fixtures.item("att", "attachment"), Fixtures.item("ref", "reference"),
        ], [
            "b": true, "i": 3, "d": 2.5, "date": "2020-01-02", "dt": "2020-01-02T10:30", "t": "10:30", "s": "x", "txt": "long",
            "u": "https://example.org", "c": Fixtures.coding("a", display: "A"), "o": "my own words", "q": 72.5,
            "att": "/tmp/scan.pdf", "ref": "Patient/42",
        ])
        let values = (qr["item"]?.arrayValue ?? []).map { $0["answer"]?.arrayValue?.first ?? .null }
        #expect(values == [
            ["valueBoolean": true], ["valueInteger": 3], ["valueDecimal": 2.5], ["valueDate": "2020-01-02"],
            ["valueDateTime": "2020-01-02T10:30:00+02:00"], ["valueTime": "10:30:00"], ["valueString": "x"], ["valueString": "long"],
            ["valueUri": "https://example.org"], ["valueCoding": ["system": "http://example.org", "code": "a", "display": "A"]],
            ["valueString": "my own words"],
            ["valueQuantity": ["value": 72.5, "unit": "kilogram", "system": "http://unitsofmeasure.org", "code": "kg"]],
            ["valueAttachment": ["url": "file:///tmp/scan.pdf", "title": "scan.pdf"]], ["valueReference": ["reference": "Patient/42"]],
        ])
    }

    @Test func mirrorsTheHierarchyRepeatingGroupsQuestionsAndChildrenOfAnswers() {
        let qr = build([
            Fixtures.item("g", "group", ["item": [
                Fixtures.item("meds", "group", ["repeats": true, "item": [Fixtures.item("name", "string")]]),
                Fixtures.item("n", "integer", ["repeats": true]),
                Fixtures.item("smoker", "boolean", ["item": [Fixtures.item("qty", "integer")]]),
            ]]),
        ], ["meds": [["name": "a"], ["name": "b"]], "n": [1, 2], "smoker": true, "qty": 10])
        let g = qr["item"]?.arrayValue?.first
        let children = g?["item"]?.arrayValue ?? []
        #expect(children.map { $0["linkId"] } == ["meds", "meds", "n", "smoker"])
        #expect(children[1]["item"] == [["linkId": "name", "text": "Q name", "answer": [["valueString": "b"]]]])
        #expect(children[2]["answer"] == [["valueInteger": 1], ["valueInteger": 2]])
        #expect(children[3]["answer"] == [["valueBoolean": true,
                                          "item": [["linkId": "qty", "text": "Q qty", "answer": [["valueInteger": 10]]]]]])
        #expect(children[3]["item"] == nil)
    }

    @Test func aRepeatingQuestionWithChildrenNestsEachRepetitionsChildrenUnderItsAnswer() {
        let qr = build([
            Fixtures.item("c", "choice", ["repeats": true, "answerOption": [["valueString": "x"], ["valueString": "y"]],
                                         "item": [Fixtures.item("why", "string")]]),
        ], ["c": [["c": "x", "why": "because"], ["c": "y"]]])
        #expect(answer(qr) == [["valueString": "x", "item": [["linkId": "why", "text": "Q why", "answer": [["valueString": "because"]]]]],
                               ["valueString": "y"]])
    }

    @Test func leavesOutDisabledItemsAndKeepsHiddenAndCalculatedValues() {
        let hidden: JSONValue = ["url": "http://hl7.org/fhir/StructureDefinition/questionnaire-hidden", "valueBoolean": true]
        let calc: JSONValue = ["url": "http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-calculatedExpression",
                               "valueExpression": ["language": "text/fhirpath", "expression": "%resource.item.where(linkId='a').answer.value * 2"]]
        let qr = build([
            Fixtures.item("a", "integer"),
            Fixtures.item("off", "string", ["enableWhen": [Fixtures.when("a", ">", "answerInteger", 5)]]),
            Fixtures.item("double", "integer", ["extension": [hidden, calc]]),
        ], ["a": 2, "off": "stale answer"])
        #expect((qr["item"]?.arrayValue ?? []).map { $0["linkId"] } == ["a", "double"])
        #expect(answer(qr, 1) == [["valueInteger": 4]])
    }

    @Test func readsAnswersFromTheResultTreeOnTheCurrentRoute() {
        let start = Date(timeIntervalSince1970: 0)
        var section = BranchResult(identifier: "g", startDate: start)
        section.appendStepHistory(.answer(AnswerResult(identifier: "a", startDate: start, answerType: AnswerType(.integer), value: 1)),
                                  direction: .forward)
        var root = BranchResult(identifier: "test", startDate: start, endDate: start)
        root.appendStepHistory(.section(section), direction: .forward)
        root.appendStepHistory(.collection(CollectionResult(identifier: "page", startDate: start, children: [
            .answer(AnswerResult(identifier: "b", startDate: start, answerType: AnswerType(.string), value: "x")),
            .answer(AnswerResult(identifier: "c", startDate: start, answerType: AnswerType(.string), value: .null)),
        ])), direction: .forward)
        root.stepHistory.append(.answer(AnswerResult(identifier: "gone", startDate: start, answerType: AnswerType(.string), value: "left behind")))
        let result = TaskResult(root: root, taskRunUUID: UUID(), finishReason: .earlyExit)
        #expect(QuestionnaireResponseBuilder.answers(in: result) == ["a": 1, "b": "x"])
        let model = Fixtures.model(Fixtures.questionnaire([Fixtures.item("a", "integer"), Fixtures.item("b", "string")]))
        #expect(QuestionnaireResponseBuilder(model: model).build(result: result).resource["status"] == "stopped")
    }

    /// A run stopped by inactivity is an abandoned form (R4 `stopped`), not one still being answered
    /// (`in-progress`): nobody resumes it.
    @Test func aRunStoppedByInactivityGivesAStoppedResponseWithItsAnswers() {
        let start = Date(timeIntervalSince1970: 0)
        var root = BranchResult(identifier: "test", startDate: start, endDate: start)
        root.appendStepHistory(.answer(AnswerResult(identifier: "a", startDate: start, answerType: AnswerType(.integer), value: 3)),
                               direction: .forward)
        let result = TaskResult(root: root, taskRunUUID: UUID(), finishReason: .timedOut)
        #expect(ResponseStatus(finishReason: .timedOut) == .stopped)
        let model = Fixtures.model(Fixtures.questionnaire([Fixtures.item("a", "integer"), Fixtures.item("b", "string")]))
        let response = QuestionnaireResponseBuilder(model: model).build(result: result).resource
        #expect(response["status"] == "stopped")
        #expect(response["item"]?.arrayValue?.count == 1)
    }

    @Test func reportsAnswersThatDoNotFitTheirItem() {
        let model = Fixtures.model(Fixtures.questionnaire([Fixtures.item("i", "integer")]))
        let out = QuestionnaireResponseBuilder(model: model).build(answers: ["i": "twelve"], status: .completed, authored: authored)
        #expect(out.resource["item"] == nil)
        #expect(out.problems.map(\.path) == ["item[linkId=i]"])
    }

    @Test func leavesOutRepetitionsWithoutAnswers() {
        let qr = build([Fixtures.item("meds", "group", ["repeats": true, "item": [Fixtures.item("name", "string")]])],
                       ["meds": [["name": "a"], [:], ["name": ""]]])
        #expect(qr["item"] == [["linkId": "meds", "text": "Q meds", "item": [["linkId": "name", "text": "Q name", "answer": [["valueString": "a"]]]]]])
    }
}
