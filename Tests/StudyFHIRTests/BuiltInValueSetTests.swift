import Foundation
import StudyCore
import Testing

@testable import StudyFHIR

/// Value sets of the FHIR specification are offered without a terminology server; one that is still
/// unavailable offers the Codings a loaded response gives for it, and free text.
@Suite struct BuiltInValueSetTests {
    static func questionnaire(_ valueSet: String, type: String = "choice") -> JSONValue {
        ["resourceType": "Questionnaire", "status": "active",
         "item": [["linkId": "q", "type": .string(type), "text": "Q", "answerValueSet": .string(valueSet)]]]
    }

    private func options(_ valueSet: String, language: String? = nil) throws -> [AnswerOptionDefinition] {
        let (model, log) = QuestionnaireModel.read(Self.questionnaire(valueSet), file: "q.json", language: language)
        #expect(log.warnings.isEmpty, "\(log.warnings)")
        return try #require(model?.item("q")).answerOptions
    }

    @Test func yesNoDontKnowIsOfferedAsTheSpecificationExpandsIt() throws {
        let opts = try options("http://hl7.org/fhir/ValueSet/yesnodontknow")
        #expect(opts.map(\.label) == ["Yes", "No", "Don't know"])
        #expect(opts.first?.value == .coding(Coding(system: "http://terminology.hl7.org/CodeSystem/v2-0136", code: "Y", display: "Yes")))
        #expect(try options("http://hl7.org/fhir/ValueSet/yesnodontknow", language: "de").map(\.label) == ["Ja", "Nein", "Don't know"])
    }

    @Test func administrativeGenderAndTheOtherBuiltInSetsAreOffered() throws {
        #expect(try options("http://hl7.org/fhir/ValueSet/administrative-gender|4.0.1").map(\.label) == ["Male", "Female", "Other", "Unknown"])
        #expect(try options("http://hl7.org/fhir/ValueSet/name-use").map(\.label).contains("Name changed for Marriage"))
        for url in BuiltInValueSets.urls { #expect(try !options(url).isEmpty, "\(url)") }
        #expect(BuiltInValueSets.urls.count == 8)
    }

    @Test func aSuppliedOrContainedValueSetWinsOverTheBuiltInOne() throws {
        var q = Self.questionnaire("http://hl7.org/fhir/ValueSet/administrative-gender")
        if case .object(var o) = q {
            o["contained"] = [["resourceType": "ValueSet", "url": "http://hl7.org/fhir/ValueSet/administrative-gender",
                               "expansion": ["contains": [["system": "s", "code": "x", "display": "Only this"]]]]]
            q = .object(o)
        }
        let model = try #require(QuestionnaireModel.read(q, file: "q.json").model)
        #expect(model.item("q")?.answerOptions.map(\.label) == ["Only this"])
    }

    @Test func anUnavailableValueSetOffersTheCodingsOfALoadedResponseAndFreeText() throws {
        let q = Self.questionnaire("http://example.org/ValueSet/not-here")
        let coding: JSONValue = ["system": "http://example.org/cs", "code": "k", "display": "Kept"]
        let r: JSONValue = ["resourceType": "QuestionnaireResponse", "status": "completed",
                            "item": [["linkId": "q", "answer": [["valueCoding": coding]]]]]
        let outcome = try RoundTrip.run(q, r)
        #expect(outcome.error == nil, "\(outcome.error ?? "")")
        RoundTrip.expectSameAnswers(r, outcome.rebuilt)
        #expect(outcome.diagnostics.first?.message.contains("not available offline; it is kept and offered") == true)
        let prefilled = try QuestionnaireImporter().importQuestionnaire(from: q, file: FileReference(path: "q.json"), prefilledWith: r, responseFile: "r")
        guard case .question(let step)? = prefilled.imported.task.steps.steps.first?.kind, case .choice(let o) = step.fields[0].kind else {
            Issue.record("not asked as a choice"); return
        }
        #expect(o.choices.map(\.text) == ["Kept (from the loaded answers)"])
        #expect(o.other != nil, "free text is still possible")
    }
}
