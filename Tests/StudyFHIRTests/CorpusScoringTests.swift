import Foundation
import StudyCore
import Testing

@testable import StudyFHIR

// Scores and calculations of the SDC and instrument forms in the shared corpus.
@Suite(.enabled(if: Corpus.isAvailable, "the shared FHIR corpus (../shared/corpus) is not present"))
struct CorpusScoringTests {
    private func model(_ name: String, transform: (JSONValue) -> JSONValue = { $0 }) throws -> QuestionnaireModel {
        let (m, log) = QuestionnaireModel.read(transform(try Corpus.json("real/" + name)), file: name)
        #expect(!log.hasErrors)
        return try #require(m)
    }

    private func option(_ model: QuestionnaireModel, _ linkId: String, code: String) -> JSONValue {
        let o = model.item(linkId)?.answerOptions.first { if case .coding(let c) = $0.value { return c.code == code }; return false }
        return o.map { AnswerCoding.coreValue($0.value, item: model.item(linkId)!) } ?? .null
    }

    @Test func computesTheGAD7TotalFromOrdinalValues() throws {
        let total: JSONValue = ["linkId": "total", "type": "integer", "text": "Total", "extension": [[
            "url": "http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-calculatedExpression",
            "valueExpression": ["language": "text/fhirpath", "expression": "%resource.item.item.answer.value.weight().sum()"],
        ]]]
        let gad7 = try model("rkof-GAD-7.json") { json in
            guard case .object(var o) = json else { return json }
            o["item"] = .array((o["item"]?.arrayValue ?? []) + [total])
            return .object(o)
        }
        let questions = gad7.items[0].children.map(\.linkId)
        #expect(questions.count == 7)
        var answers: [String: JSONValue] = [:]
        for q in questions { answers[q] = option(gad7, q, code: "Nearly every day") }
        var engine = QuestionnaireEngine(model: gad7, answers: answers)
        #expect(engine.calculatedValue("total") == 21)
        engine.answerChanged(questions[0], value: option(gad7, questions[0], code: "Not-at-all"))
        #expect(engine.calculatedValue("total") == 18)
    }

    @Test func computesTheSDCBodyMassIndexFromVariables() throws {
        let bmi = try model("sdc-questionnaire-weight-height-bmi.json")
        var engine = QuestionnaireEngine(model: bmi, answers: ["/29463-7": 70])
        #expect(engine.calculatedValue("/39156-5") == nil)
        #expect(engine.answerChanged("/8302-2", value: 70) == ["/39156-5"])
        #expect(engine.calculatedValue("/39156-5") == .double(22.1))
        let qr = QuestionnaireResponseBuilder(model: bmi).build(answers: engine.answers, status: .completed, authored: Date()).resource
        let item = qr["item"]?.arrayValue?.first { $0["linkId"] == "/39156-5" }
        #expect(item?["answer"] == [["valueDecimal": 22.1]])
    }

    @Test func computesTheHungerVitalSignRiskCoding() throws {
        let hvs = try model("sdc-questionnaire-hunger-vital-signs.json")
        let engine = QuestionnaireEngine(model: hvs, answers: ["/88122-7": option(hvs, "/88122-7", code: "LA28397-0"),
                                                               "/88123-5": option(hvs, "/88123-5", code: "LA28398-8")])
        #expect(engine.calculatedValue("/88124-3")?["code"] == "LA19952-3")
        let none = QuestionnaireEngine(model: hvs, answers: ["/88122-7": option(hvs, "/88122-7", code: "LA28398-8")])
        #expect(none.calculatedValue("/88124-3")?["code"] == "LA19983-8")
    }

    @Test func computesTheFraminghamTenYearRisk() throws {
        let fr = try model("sdc-questionnaire-framingham-hchd.json")
        let engine = QuestionnaireEngine(model: fr, answers: [
            "/age": 55, "/46098-0": option(fr, "/46098-0", code: "LA2-8"), "/smokes": option(fr, "/smokes", code: "Y"),
            "/8480-6": 140, "/2093-3": 200, "/2085-9": 45, "/antihypertensive": option(fr, "/antihypertensive", code: "N"),
        ])
        #expect(engine.evaluationErrors == [:])
        let risk = try #require(engine.calculatedValue("riskDecimal")?.doubleValue)
        #expect(abs(risk - 0.15245411095864214) < 1e-9)
        #expect(engine.calculatedValue("riskPercentage") == "15.25%")
    }

    @Test func conditionsDriveTheTaskThroughTheStudyCoreSeam() throws {
        let imported = try QuestionnaireImporter().importQuestionnaire(
            from: try Corpus.json("real/r4spec-questionnaire-example-bluebook.json"), file: FileReference(url: Corpus.url("real/bluebook")))
        let c = imported.conditions
        #expect(!c.isStepEnabled("vitaminKgivenDoses", answers: AnswerSnapshot()))
        #expect(!c.isStepEnabled("vitaminKgivenDoses#intro", answers: AnswerSnapshot()))
        let given = AnswerSnapshot(values: ["vitaminKgiven": ["code": "INJECTION"]])
        #expect(c.isStepEnabled("vitaminKgivenDoses", answers: given))
        #expect(c.isFieldEnabled("vitaminKDose1", answers: given))
        #expect(!c.isFieldEnabled("vitaminKDose1", answers: AnswerSnapshot()))
    }
}
