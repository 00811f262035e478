import Foundation
import StudyCore
import StudyFHIR
import Testing

/// Observations for runs of tasks that are not questionnaires.
@Suite struct ObservationBuilderTests {
    @Test func oneObservationPerRunWithAComponentPerAnswer() throws {
        let start = Date(timeIntervalSince1970: 1_774_605_600)
        let run = UUID(uuidString: "6E1F2C3A-0000-4000-8000-000000000001")!
        var root = BranchResult(identifier: "breathing", startDate: start, endDate: start.addingTimeInterval(60))
        root.appendStepHistory(.answer(AnswerResult(identifier: "feel", startDate: start, answerType: AnswerType(.integer), value: 1)), direction: .forward)
        root.appendStepHistory(.answer(AnswerResult(identifier: "note", startDate: start, answerType: AnswerType(.string), value: "calm")), direction: .forward)
        root.appendStepHistory(.answer(AnswerResult(identifier: "skip", startDate: start, answerType: AnswerType(.string), value: .null)), direction: .forward)
        root.appendStepHistory(.answer(AnswerResult(identifier: "rate", startDate: start, answerType: AnswerType(.number), value: 2.5)), direction: .forward)
        let result = TaskResult(root: root, taskRunUUID: run, finishReason: .completed)
        let o = ObservationBuilder(timeZone: TimeZone(identifier: "UTC")!).build(result: result, taskTitle: "Paced breathing")
        #expect(o["resourceType"] == "Observation")
        #expect(o["status"] == "final")
        #expect(o["identifier"]?.arrayValue?.first?["value"] == "urn:uuid:6e1f2c3a-0000-4000-8000-000000000001")
        #expect(o["code"]?["coding"]?.arrayValue?.first == ["system": "urn:studyterm:task", "code": "breathing", "display": "Paced breathing"])
        #expect(o["effectivePeriod"] == ["start": "2026-03-27T10:00:00.000+00:00", "end": "2026-03-27T10:01:00.000+00:00"])
        let components = o["component"]?.arrayValue ?? []
        #expect(components.map { $0["code"]?["text"] } == ["feel", "note", "skip", "rate"])
        #expect(components[0]["valueInteger"] == 1)
        #expect(components[1]["valueString"] == "calm")
        #expect(components[2]["dataAbsentReason"]?["coding"]?.arrayValue?.first?["code"] == "asked-declined")
        #expect(components[3]["valueQuantity"] == ["value": 2.5])
        let saved = TaskResult(root: root, taskRunUUID: run, finishReason: .earlyExit)
        #expect(ObservationBuilder().build(result: saved)["status"] == "preliminary")
    }
}
