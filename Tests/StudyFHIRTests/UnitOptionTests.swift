import Foundation
import StudyCore
import Testing

@testable import StudyFHIR

/// Quantity items with several `unitOption`s: every unit is offered, the chosen one is stored as the
/// Quantity's unit and comes back from a response, and calculations see it.
@Suite struct UnitOptionTests {
    static let ucum = "http://unitsofmeasure.org"

    static func unitOption(_ code: String, _ display: String) -> JSONValue {
        ["url": .string(FHIRExtension.unitOption), "valueCoding": ["system": .string(ucum), "code": .string(code), "display": .string(display)]]
    }

    static let weight: JSONValue = ["linkId": "w", "type": "quantity", "text": "Weight",
                                    "extension": [unitOption("kg", "kg"), unitOption("[lb_av]", "lb")]]

    static func questionnaire(_ items: [JSONValue]) -> JSONValue {
        ["resourceType": "Questionnaire", "url": "http://example.org/Questionnaire/units", "status": "active", "item": .array(items)]
    }

    static func pounds(_ v: Double) -> JSONValue {
        ["valueQuantity": ["value": FHIRValue.number(v), "unit": "lb", "system": .string(ucum), "code": "[lb_av]"]]
    }

    @Test func everyUnitIsOfferedWithoutAWarning() throws {
        let imported = try QuestionnaireImporter().importQuestionnaire(from: Self.questionnaire([Self.weight]), file: FileReference(path: "u.json"))
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
        guard case .question(let q)? = imported.task.steps.steps.first?.kind, case .decimal(let o) = q.fields[0].kind else {
            Issue.record("not a decimal field"); return
        }
        #expect(o.units.map(\.label) == ["kg", "lb"])
        #expect(o.units.map(\.code) == ["kg", "[lb_av]"])
    }

    @Test func theChosenUnitIsStoredAndComesBack() throws {
        var repeating = Self.weight
        if case .object(var o) = repeating { o["linkId"] = "wr"; o["repeats"] = true; repeating = .object(o) }
        let r: JSONValue = ["resourceType": "QuestionnaireResponse", "status": "completed", "item": [
            ["linkId": "w", "answer": [Self.pounds(160)]],
            ["linkId": "wr", "answer": [Self.pounds(150.5), ["valueQuantity": ["value": 70, "unit": "kg", "system": .string(Self.ucum), "code": "kg"]]]],
        ]]
        let outcome = try RoundTrip.run(Self.questionnaire([Self.weight, repeating]), r)
        #expect(outcome.error == nil, "\(outcome.error ?? "")")
        #expect(outcome.diagnostics.isEmpty, "\(outcome.diagnostics)")
        RoundTrip.expectSameAnswers(r, outcome.rebuilt)
    }

    @Test func scriptsAnswerInAnyOfferedUnit() throws {
        let imported = try QuestionnaireImporter().importQuestionnaire(from: Self.questionnaire([Self.weight]), file: FileReference(path: "u.json"))
        for (answer, code) in [("160 lb", "[lb_av]"), ("70", "kg")] as [(JSONValue, String)] {
            let outcome = HeadlessRunner(task: imported.task, conditions: imported.conditions).run(.answers(["w": answer]))
            #expect(outcome.error == nil)
            let qr = QuestionnaireResponseBuilder(model: imported.model).build(result: outcome.run.result).resource
            #expect(qr["item"]?.arrayValue?.first?["answer"]?.arrayValue?.first?["valueQuantity"]?["code"] == .string(code))
        }
    }

    @Test func aCalculationSeesTheChosenUnit() throws {
        let kilograms: JSONValue = ["linkId": "kg", "type": "decimal", "text": "In kg", "readOnly": true, "extension": [[
            "url": .string(FHIRExtension.calculatedExpression),
            "valueExpression": ["language": "text/fhirpath", "expression":
                "%resource.item.where(linkId='w').answer.value.select(iif(code = '[lb_av]', value * 0.45359237, value)).round(1)"],
        ]]]
        let model = try #require(QuestionnaireModel.read(Self.questionnaire([Self.weight, kilograms]), file: "u.json").model)
        let engine = QuestionnaireEngine(model: model, answers: ["w": ["value": 160, "unit": "lb", "code": "[lb_av]", "system": .string(Self.ucum)]])
        #expect(engine.calculatedValue("kg") == .double(72.6))
        let inKilograms = QuestionnaireEngine(model: model, answers: ["w": 70])
        #expect(inKilograms.calculatedValue("kg") == .double(70))
    }

    @Test func aCalculatedQuantityTakesTheUnitItNames() throws {
        let total: JSONValue = ["linkId": "t", "type": "quantity", "text": "Total", "readOnly": true, "extension": [
            Self.unitOption("kg", "kg"), Self.unitOption("[lb_av]", "lb"),
            ["url": .string(FHIRExtension.calculatedExpression), "valueExpression": ["language": "text/fhirpath", "expression": "2 '[lb_av]'"]],
        ]]
        let model = try #require(QuestionnaireModel.read(Self.questionnaire([total]), file: "u.json").model)
        let qr = QuestionnaireResponseBuilder(model: model).build(answers: [:], status: .completed, authored: Date()).resource
        #expect(qr["item"]?.arrayValue?.first?["answer"]?.arrayValue?.first?["valueQuantity"] == ["value": 2, "unit": "lb", "system": .string(Self.ucum), "code": "[lb_av]"])
    }
}

/// A unit is shown by its display name, or for a UCUM code without one by the code's common name:
/// a participant never reads "[in_i]".
@Suite struct UnitNameTests {
    static func unit(_ url: String, _ code: String, display: String? = nil) -> JSONValue {
        var coding: [String: JSONValue] = ["system": .string(UnitOptionTests.ucum), "code": .string(code)]
        if let display { coding["display"] = .string(display) }
        return ["url": .string(url), "valueCoding": .object(coding)]
    }

    static func options(_ extensions: [JSONValue], type: String = "decimal") throws -> NumberOptions {
        let item: JSONValue = ["linkId": "h", "type": .string(type), "text": "Body height", "extension": .array(extensions)]
        let imported = try QuestionnaireImporter().importQuestionnaire(from: UnitOptionTests.questionnaire([item]), file: FileReference(path: "u.json"))
        guard case .question(let q)? = imported.task.steps.steps.first?.kind, case .decimal(let o) = q.fields[0].kind else {
            throw CocoaError(.featureUnsupported)
        }
        return o
    }

    @Test func aUCUMCodeWithoutADisplayShowsItsCommonName() throws {
        #expect(try Self.options([Self.unit(FHIRExtension.unit, "[in_i]")]).unit == "in")
        #expect(try Self.options([Self.unit(FHIRExtension.unit, "{score}")]).unit == "score")
        #expect(try Self.options([Self.unit(FHIRExtension.unit, "[in_i]", display: "inches")]).unit == "inches")
        let offered = try Self.options([Self.unit(FHIRExtension.unitOption, "[in_i]"), Self.unit(FHIRExtension.unitOption, "cm")], type: "quantity")
        #expect(offered.units.map(\.label) == ["in", "cm"])
        #expect(offered.units.map(\.code) == ["[in_i]", "cm"])
    }
}
