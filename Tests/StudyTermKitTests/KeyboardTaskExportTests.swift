import Foundation
import StudyCore
import StudyStore
import StudyTUI
import Testing
@testable import StudyTermKit

/// A keyboard task's own measurement (a Stroop round played on scripted times, position-coded)
/// in the three exports (issue 25): its summary rows in CSV, typed FHIR components (a Boolean
/// stays a Boolean, milliseconds are UCUM quantities), and its trial log's per-word fields.
@Suite struct KeyboardTaskExportTests {
    static let task = """
    {"identifier": "stroop-task", "type": "assessment", "steps": [
      {"identifier": "stroop", "type": "stroop", "practice": false},
      {"identifier": "done", "type": "completion", "title": "Done"}]}
    """
    let start = Date(timeIntervalSince1970: 1_790_000_000)

    /// A position-coded round of ten words, each answered right 500 ms after its onset.
    static func playedRound() -> StroopTask {
        var round = StroopTask(parameters: StroopParameters(), practice: false, seed: 8, positionCoded: true)
        var now = Duration.zero
        _ = round.begin(at: now)
        while !round.isFinished {
            now += .seconds(1)
            _ = round.timerFired(at: now)
            _ = round.framePresented(at: now)
            guard let word = round.currentStimulus else { continue }
            _ = round.keyRead(word.ink.key, at: now + .milliseconds(500))
        }
        return round
    }

    @Test func aStroopRoundReachesCSVAndTypedFHIRComponents() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("stroop-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("stroop.json")
        try Data(Self.task.utf8).write(to: file)
        let loaded = try TaskSource.load(file.path)
        var run = TaskRun(task: loaded.task, now: start)
        run.start(now: start)
        let round = Self.playedRound()
        let measured = MeasurementResult(identifier: "stroop", startDate: start, measurementType: "stroop",
                                         summary: round.summary, trials: round.trialRecords, note: round.note)
        #expect(run.apply(.next(.measurement(measured)), now: start + 20, save: nil) == nil)
        #expect(run.apply(.next(nil), now: start + 21, save: nil) == nil)
        let store = try StudyStore.inMemory()
        let study = StudyTask(identifier: "stroop-task", title: "Stroop", source: "stroop.json", sourceURL: file,
                              schedule: .daily(RepeatingSchedule(time: TimeOfDay(hour: 9), hours: 12)))
        let recorder = TaskRecorder(store: store, launch: TaskLaunch(studyID: "study", studyVersion: "1", task: study, window: nil, resume: nil))
        #expect(try recorder.finish(run, loaded: loaded, at: start + 22) == .completed)

        let csv = try store.exportDocument(.csv).text
        #expect(csv.contains("stroop/medianRTMs") && csv.contains("stroop/stroopEffectMs") && csv.contains("stroop/positionCoded"))
        let fhir = try store.exportDocument(.fhir).text.split(separator: "\n").map { try JSONParser.parse(String($0)) }
        let observation = try #require(fhir.first { $0["resourceType"] == "Observation" })
        let components = observation["component"]?.arrayValue ?? []
        func component(_ name: String) -> JSONValue? { components.first { $0["code"]?["text"] == .string("stroop/" + name) } }
        #expect(component("positionCoded")?["valueBoolean"] == .bool(true))
        #expect(component("medianRTMs")?["valueQuantity"]?["value"] == .double(500))
        #expect(component("medianRTMs")?["valueQuantity"]?["code"] == "ms")
        #expect(component("correct")?["valueQuantity"]?["value"] == .int(10))
        let document = try #require(fhir.first { $0["resourceType"] == "DocumentReference" })
        let data = try #require(document["content"]?.arrayValue?.first?["attachment"]?["data"]?.stringValue)
        let log = String(decoding: try #require(Data(base64Encoded: data)), as: UTF8.self)
        #expect(log.split(separator: "\n").count == 10 && log.contains("\"colourSelected\"") && log.contains("\"congruent\""))
    }
}
