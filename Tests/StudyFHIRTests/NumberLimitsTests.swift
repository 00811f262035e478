import Foundation
import StudyCore
import Testing

@testable import StudyFHIR

/// FHIR integer items past Int's range, and sliders a screen cannot show, are messages and import
/// errors, as for Sage tasks (issue 15, points 1 and 3).
@Suite struct FHIRNumberLimitsTests {
    static func imported(_ items: [JSONValue]) throws(TaskLoadError) -> ImportedQuestionnaire {
        try QuestionnaireImporter().importQuestionnaire(from: Fixtures.questionnaire(items),
                                                        file: FileReference(url: URL(fileURLWithPath: "/q.json")))
    }

    static let slider = JSONValue.object(["url": "http://hl7.org/fhir/StructureDefinition/questionnaire-itemControl",
                                          "valueCodeableConcept": ["coding": [["code": "slider"]]]])

    @Test(arguments: [JSONValue.double(Double("99999999999999999999")!), .double(-1e19), .double(Double("9223372036854775296")!), "99999999999999999999"])
    func anIntegerItemPastIntsRangeIsRefusedHeadlessly(value: JSONValue) throws {
        let q = try Self.imported([Fixtures.item("n", "integer", ["required": true]),
                                   Fixtures.item("m", "integer", ["extension": [["url": "http://hl7.org/fhir/StructureDefinition/maxValue", "valueInteger": 100]]])])
        let a = HeadlessRunner(task: q.task, conditions: q.conditions).run(.answers(["n": value]))
        #expect(a.error?.message.contains("That number is too") == true)
        let b = HeadlessRunner(task: q.task, conditions: q.conditions).run(.answers(["n": 1, "m": value]))
        let message = b.error?.message ?? ""
        #expect(message.contains("Enter 100 or less.") || message.contains("That number is too small"))
    }

    @Test func aSliderItemOverAHugeRangeIsAnImportErrorNamingTheItem() throws {
        let item = Fixtures.item("pain", "decimal", ["extension": [
            Self.slider,
            ["url": "http://hl7.org/fhir/StructureDefinition/minValue", "valueDecimal": 0],
            ["url": "http://hl7.org/fhir/StructureDefinition/maxValue", "valueDecimal": 1e19],
            ["url": "http://hl7.org/fhir/StructureDefinition/questionnaire-sliderStepValue", "valueInteger": 1],
        ]])
        var thrown: TaskLoadError?
        do { _ = try Self.imported([item]) } catch { thrown = error }
        let error = try #require(thrown?.diagnostics.first { $0.severity == .error })
        #expect(error.path.contains("pain"))
        #expect(error.message.contains("at most 100000 can be shown"))
    }
}
