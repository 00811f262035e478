import Foundation
import StudyCore
import Testing

@testable import StudyFHIR

/// An answer that does not match an item's regex gets a message a participant can act on.
@Suite struct RegexMessageTests {
    func field(_ extra: [String: JSONValue]) throws -> InputField {
        var item: [String: JSONValue] = ["linkId": "zip", "type": "string", "text": "Postcode",
                                         "extension": [["url": "http://hl7.org/fhir/StructureDefinition/regex", "valueString": "[0-9]{5}"]]]
        for (k, v) in extra { item[k] = v }
        let q: JSONValue = ["resourceType": "Questionnaire", "status": "active", "item": [.object(item)]]
        let task = try QuestionnaireImporter().importQuestionnaire(from: q, file: FileReference(url: URL(fileURLWithPath: "/q.json"))).task
        return try #require(task.steps.steps.first?.question?.fields.first)
    }

    @Test func theMessageNamesTheEntryFormatAndNeverThePattern() throws {
        let validator = AnswerValidator(now: Date())
        #expect(validator.validate("abc", for: try field([:])) == .failure("This answer does not have the expected format."))
        let withFormat = try field(["extension": [["url": "http://hl7.org/fhir/StructureDefinition/regex", "valueString": "[0-9]{5}"],
                                                  ["url": "http://hl7.org/fhir/StructureDefinition/entryFormat", "valueString": "12345"]]])
        #expect(validator.validate("abc", for: withFormat) == .failure("Enter it like 12345."))
    }
}
