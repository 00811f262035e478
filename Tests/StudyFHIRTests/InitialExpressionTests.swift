import Foundation
import StudyCore
import Testing

@testable import StudyFHIR

/// SDC population: `initialExpression`s are evaluated with the launch context (`%patient`) and give
/// the items their initial values; without the context the item starts empty, with a warning.
@Suite struct InitialExpressionTests {
    static func item(_ linkId: String, _ type: String, _ expression: String, extra: [String: JSONValue] = [:]) -> JSONValue {
        var o: [String: JSONValue] = ["linkId": .string(linkId), "type": .string(type), "text": .string(linkId),
            "extension": [["url": .string(FHIRExtension.initialExpression),
                           "valueExpression": ["language": "text/fhirpath", "expression": .string(expression)]]]]
        for (k, v) in extra { o[k] = v }
        return .object(o)
    }

    static let questionnaire: JSONValue = ["resourceType": "Questionnaire", "status": "active", "item": [
        item("name", "string", "%patient.name.where(use = 'official').given.first()"),
        item("born", "date", "%patient.birthDate"),
        item("gender", "choice", "%patient.gender", extra: ["answerValueSet": "http://hl7.org/fhir/ValueSet/administrative-gender"]),
        item("age", "integer", "today().toString().substring(0, 4).toInteger() - %patient.birthDate.substring(0, 4).toInteger()"),
    ]]

    static let patient: JSONValue = ["resourceType": "Patient", "gender": "female", "birthDate": "1980-02-03",
                                     "name": [["use": "official", "given": ["Ann", "B."], "family": "Lee"]]]

    private func initialValues(_ importer: QuestionnaireImporter) throws -> (values: [String: JSONValue], warnings: [Diagnostic]) {
        let imported = try importer.importQuestionnaire(from: Self.questionnaire, file: FileReference(path: "q.json"))
        var out: [String: JSONValue] = [:]
        for step in imported.task.steps.steps { for f in step.question?.fields ?? [] { out[f.identifier] = f.initialValue } }
        return (out, imported.warnings)
    }

    @Test func thePatientGivenAsLaunchContextFillsTheItems() throws {
        var importer = QuestionnaireImporter()
        importer.launchContext = ["patient": Self.patient]
        let (values, warnings) = try initialValues(importer)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(values["name"] == "Ann")
        #expect(values["born"] == "1980-02-03")
        #expect(values["gender"] == ["system": "http://hl7.org/fhir/administrative-gender", "code": "female", "display": "Female"])
        #expect(values["age"]?.intValue ?? 0 >= 44)
    }

    @Test func withoutTheContextTheItemsStartEmptyAndSaySo() throws {
        let (values, warnings) = try initialValues(QuestionnaireImporter())
        #expect(values.isEmpty)
        #expect(warnings.count == 4)
        #expect(warnings.allSatisfy { $0.message.contains("uses %patient, which was not given (--context patient=FILE)") })
    }
}
