import Foundation
import StudyCore
import Testing

@testable import StudyFHIR

/// Calculated items show what is stored, and an item whose calculation cannot be evaluated is
/// asked as a normal question, with a warning that says why.
@Suite struct CalculatedItemTests {
    private let file = FileReference(url: URL(fileURLWithPath: "/tmp/q.json"), displayName: "q.json")

    static func calculated(_ expression: String, type: String = "integer", readOnly: Bool = false) -> JSONValue {
        var item: [String: JSONValue] = [
            "linkId": "total", "type": .string(type), "text": "Total",
            "extension": [["url": "http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-calculatedExpression",
                           "valueExpression": ["language": "text/fhirpath", "expression": .string(expression)]]],
        ]
        if readOnly { item["readOnly"] = true }
        return .object(item)
    }

    static func choice(_ id: String) -> JSONValue {
        let options: [JSONValue] = (0...2).map { n in
            ["valueCoding": ["code": .string(String(n)), "display": .string("Option \(n)")],
             "extension": [["url": "http://hl7.org/fhir/StructureDefinition/ordinalValue", "valueDecimal": .int(n)]]]
        }
        return ["linkId": .string(id), "type": "choice", "text": .string(id), "answerOption": .array(options)]
    }

    private func importTask(_ items: [JSONValue]) throws -> ImportedQuestionnaire {
        let q: JSONValue = ["resourceType": "Questionnaire", "status": "active", "url": "http://example.org/q", "item": .array(items)]
        return try QuestionnaireImporter().importQuestionnaire(from: q, file: file)
    }

    @Test func anItemWhoseCalculationCannotBeEvaluatedIsAskedAsANormalQuestion() throws {
        let imported = try importTask([Self.calculated("%resource.item.answer.value.memberOf('http://example.org/vs')")])
        let field = try #require(imported.task.steps.steps.first?.question?.fields.first)
        #expect(!field.isReadOnly)
        #expect(imported.warnings.contains { $0.description.contains("asked as a normal question because its calculatedExpression cannot be evaluated") })
        #expect(imported.warnings.contains { $0.description.contains("outside the supported FHIRPath subset") })
    }

    /// Even a read-only one (issue 14, point 3): a read-only item that computes nothing would show a
    /// dash no one could ever fill in.
    @Test func aReadOnlyItemWhoseCalculationCannotBeEvaluatedIsAskedTooAndCheckSaysWhy() throws {
        let imported = try importTask([Self.calculated("%resource.item.answer.value.memberOf('http://example.org/vs')", readOnly: true)])
        #expect(imported.task.steps.steps.first?.question?.fields.first?.isReadOnly == false)
        #expect(imported.warnings.contains {
            $0.description.contains("asked as a normal question, although the Questionnaire makes it read-only, because its calculatedExpression cannot be evaluated")
        })
    }

    @Test func aScoreIsNotCountedAgainInTheSumItBelongsTo() throws {
        // The total's own value is among %resource's answers; a total of 1 is not the option coded "1".
        let imported = try importTask([Self.choice("q1"), Self.choice("q2"),
                                       Self.calculated("%resource.answers().value.ordinal().sum()", type: "quantity")])
        let c = imported.conditions
        let one: JSONValue = ["code": "1", "display": "Option 1"], two: JSONValue = ["code": "2", "display": "Option 2"]
        #expect(c.calculatedValues(answers: AnswerSnapshot(values: ["q1": one]))["total"] == 1.0)
        #expect(c.calculatedValues(answers: AnswerSnapshot(values: ["q1": one, "q2": two]))["total"] == 3.0)
    }
}
