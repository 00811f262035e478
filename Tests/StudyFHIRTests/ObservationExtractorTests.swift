import Foundation
import StudyCore
import Testing

@testable import StudyFHIR

/// SDC Observation-based extraction: answers of items marked `observationExtract` with a code
/// become Observations; unmarked or uncoded items do not.
@Suite struct ObservationExtractorTests {
    static let loinc = "http://loinc.org"

    static func marked(_ linkId: String, _ type: String, code: String, extra: [String: JSONValue] = [:]) -> JSONValue {
        var o: [String: JSONValue] = [
            "linkId": .string(linkId), "type": .string(type), "text": .string(linkId),
            "code": [["system": .string(loinc), "code": .string(code)]],
            "extension": [["url": .string(ObservationExtractor.extensionURL), "valueBoolean": true]],
        ]
        for (k, v) in extra { o[k] = v }
        return .object(o)
    }

    static let questionnaire: JSONValue = [
        "resourceType": "Questionnaire", "status": "active", "url": "http://example.org/Questionnaire/vitals",
        "item": [
            marked("weight", "quantity", code: "29463-7", extra: ["extension": [
                ["url": .string(ObservationExtractor.extensionURL), "valueBoolean": true],
                ["url": .string(FHIRExtension.unit), "valueCoding": ["system": "http://unitsofmeasure.org", "code": "kg", "display": "kg"]],
            ]]),
            marked("smoker", "choice", code: "72166-2", extra: ["answerOption": [["valueCoding": ["system": "http://snomed.info/sct", "code": "8517006", "display": "Ex-smoker"]]]]),
            ["linkId": "note", "type": "string", "text": "Note", "code": [["system": .string(loinc), "code": "x"]]],
            ["linkId": "group", "type": "group", "extension": [["url": .string(ObservationExtractor.extensionURL), "valueBoolean": true]],
             "item": [["linkId": "steps", "type": "integer", "code": [["system": .string(loinc), "code": "55423-8"]]],
                      ["linkId": "uncoded", "type": "integer"]]],
        ],
    ]

    @Test func markedAndCodedAnswersBecomeObservations() throws {
        let model = try #require(QuestionnaireModel.read(Self.questionnaire, file: "v.json").model)
        let answers: [String: JSONValue] = ["weight": 72.5, "smoker": ["system": "http://snomed.info/sct", "code": "8517006", "display": "Ex-smoker"],
                                            "note": "hello", "steps": 8000, "uncoded": 3]
        let qr = QuestionnaireResponseBuilder(model: model, timeZone: TimeZone(identifier: "UTC")!)
            .build(answers: answers, status: .completed, authored: Date(timeIntervalSince1970: 1_700_000_000),
                   identifier: UUID(uuidString: "00000000-0000-0000-0000-000000000042"), subject: ["reference": "Patient/7"]).resource
        let observations = ObservationExtractor(model: model).observations(from: qr)
        #expect(observations.count == 3, "weight, smoker and steps (marked through its group); not the unmarked note or the uncoded item")
        let weight = try #require(observations.first)
        #expect(weight["code"]?["coding"] == [["system": .string(Self.loinc), "code": "29463-7"]])
        #expect(weight["valueQuantity"] == ["value": 72.5, "unit": "kg", "system": "http://unitsofmeasure.org", "code": "kg"])
        #expect(weight["subject"] == ["reference": "Patient/7"])
        #expect(weight["status"] == "final")
        #expect(weight["effectiveDateTime"] == qr["authored"])
        #expect(weight["derivedFrom"]?.arrayValue?.first?["identifier"]?["value"] == "urn:uuid:00000000-0000-0000-0000-000000000042")
        #expect(observations[1]["valueCodeableConcept"] == ["coding": [["system": "http://snomed.info/sct", "code": "8517006", "display": "Ex-smoker"]]])
        #expect(observations[2]["valueInteger"] == 8000)
    }

    @Test func aQuestionnaireWithoutMarkedItemsGivesNone() throws {
        let q: JSONValue = ["resourceType": "Questionnaire", "status": "active", "item": [["linkId": "a", "type": "integer", "code": [["code": "x"]]]]]
        let model = try #require(QuestionnaireModel.read(q, file: "a.json").model)
        let qr = QuestionnaireResponseBuilder(model: model).build(answers: ["a": 1], status: .completed, authored: Date()).resource
        #expect(ObservationExtractor(model: model).observations(from: qr).isEmpty)
    }
}
