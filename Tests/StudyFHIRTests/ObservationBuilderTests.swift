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

/// A timed step's summary in the run's Observation, and its trial log as a DocumentReference (issue 25).
@Suite struct MeasurementObservationTests {
    @Test func summaryValuesAreQuantitiesWithTheirUnitsAndTheTrialLogADocument() throws {
        let start = Date(timeIntervalSince1970: 1_774_605_600)
        let run = UUID(uuidString: "6E1F2C3A-0000-4000-8000-000000000002")!
        let measured = MeasurementResult(identifier: "react", startDate: start, endDate: start.addingTimeInterval(50),
                                         measurementType: "reactionTime",
                                         summary: [.init(identifier: "medianRTMs", value: 287.5, unit: "ms"),
                                                   .init(identifier: "timeouts", value: 2, unit: "{count}"),
                                                   .init(identifier: "trials", value: 20)],
                                         trials: [["index": 1, "responseTimeMs": 287.5]], note: "keys read by the program")
        var root = BranchResult(identifier: "rt", startDate: start, endDate: start.addingTimeInterval(60))
        root.appendStepHistory(.measurement(measured), direction: .forward)
        let result = TaskResult(root: root, taskRunUUID: run, finishReason: .completed)
        let builder = ObservationBuilder(timeZone: TimeZone(identifier: "UTC")!)
        let components = builder.build(result: result)["component"]?.arrayValue ?? []
        #expect(components.map { $0["code"]?["text"] } == ["react/medianRTMs", "react/timeouts", "react/trials"])
        #expect(components[0]["valueQuantity"] == ["value": 287.5, "unit": "ms", "system": "http://unitsofmeasure.org", "code": "ms"])
        #expect(components[1]["valueQuantity"]?["code"] == "{count}")
        #expect(components[2]["valueInteger"] == 20, "a value without a unit stays as it was")

        let onPath = result.root.measurementsOnPath(prefix: "")
        #expect(onPath.map { $0.path } == ["react"])
        let found = try #require(onPath.first)
        let document = builder.trialLogDocument(result: result, path: found.path, measurement: found.measurement)
        #expect(document["resourceType"] == "DocumentReference" && document["status"] == "current")
        let attachment = document["content"]?.arrayValue?.first?["attachment"]
        #expect(attachment?["contentType"] == "application/x-ndjson")
        let data = try #require(attachment?["data"]?.stringValue.flatMap { Data(base64Encoded: $0) })
        #expect(String(decoding: data, as: UTF8.self) == #"{"index":1,"responseTimeMs":287.5}"# + "\n")
        #expect(document["context"]?["related"]?.arrayValue?.first?["identifier"]?["value"] == "urn:uuid:6e1f2c3a-0000-4000-8000-000000000002")
    }
}
