import Foundation
import StudyCore
import StudyStore
import StudyTUI
import Testing
@testable import StudyTermKit

/// A timed step's measurement in all three exports of `studyterm export` (issue 25): the task
/// result in JSON, one CSV row per summary value, and in FHIR the run's Observation (UCUM
/// quantities) plus a DocumentReference carrying the trial log.
@Suite struct TimedResultExportTests {
    static let task = """
    {"identifier": "rt-task", "type": "assessment", "steps": [
      {"identifier": "rt", "type": "reactionTime", "numberOfAttempts": 1},
      {"identifier": "done", "type": "completion", "title": "Done"}]}
    """
    let start = Date(timeIntervalSince1970: 1_790_000_000)

    @Test func theMeasurementAndItsTrialLogReachJSONCSVAndFHIR() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("timed-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("rt.json")
        try Data(Self.task.utf8).write(to: file)
        let loaded = try TaskSource.load(file.path)
        var run = TaskRun(task: loaded.task, now: start)
        run.start(now: start)
        let trial = Trial(index: 1, stimulus: "●", onsetMs: 1_000, key: " ", keyMs: 1_287.5, correct: nil, outcome: .response)
        let measured = MeasurementResult(identifier: "rt", startDate: start, measurementType: "reactionTime",
                                         summary: TrialStatistics([trial]).values, trials: [trial.json])
        #expect(run.apply(.next(.measurement(measured)), now: start + 5, save: nil) == nil)
        #expect(run.apply(.next(nil), now: start + 6, save: nil) == nil)
        let store = try StudyStore.inMemory()
        let study = StudyTask(identifier: "rt-task", title: "Reaction", source: "rt.json", sourceURL: file,
                              schedule: .daily(RepeatingSchedule(time: TimeOfDay(hour: 9), hours: 12)))
        let recorder = TaskRecorder(store: store, launch: TaskLaunch(studyID: "study", studyVersion: "1", task: study, window: nil, resume: nil))
        #expect(try recorder.finish(run, loaded: loaded, at: start + 7) == .completed)

        let json = try store.exportDocument(.json).text
        #expect(json.contains("\"measurement\"") && json.contains("287.5"))
        let csv = try store.exportDocument(.csv).text
        #expect(csv.contains("rt/medianRTMs") && csv.contains("287.5"))
        let fhir = try store.exportDocument(.fhir).text.split(separator: "\n").map { try JSONParser.parse(String($0)) }
        let observation = try #require(fhir.first { $0["resourceType"] == "Observation" })
        let median = observation["component"]?.arrayValue?.first { $0["code"]?["text"] == "rt/medianRTMs" }
        #expect(median?["valueQuantity"]?["code"] == "ms")
        let document = try #require(fhir.first { $0["resourceType"] == "DocumentReference" })
        let data = try #require(document["content"]?.arrayValue?.first?["attachment"]?["data"]?.stringValue)
        let log = String(decoding: try #require(Data(base64Encoded: data)), as: UTF8.self)
        #expect(log.contains("\"responseTimeMs\":287.5"))
    }
}
