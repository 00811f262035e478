import Foundation
import StudyCore
import StudyStore
import StudyTUI
import Testing
@testable import StudyTermKit

/// The journey's recorder against an in-memory store: the run row comes with the first snapshot,
/// every snapshot replaces the last, and each ending is stored as the store defines it.
@Suite struct TaskRecorderTests {
    static let sage = """
    {"identifier": "checkin", "steps": [
      {"identifier": "mood", "type": "form", "inputFields": [{"identifier": "score", "type": "integer"}]},
      {"identifier": "note", "type": "form", "inputFields": [{"identifier": "text", "type": "string"}]}]}
    """
    static let questionnaire = """
    {"resourceType": "Questionnaire", "status": "active", "item": [
      {"linkId": "weight", "text": "Weight", "type": "decimal",
       "code": [{"system": "http://loinc.org", "code": "29463-7"}],
       "extension": [{"url": "http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-observationExtract", "valueBoolean": true}]}]}
    """
    let start = Date(timeIntervalSince1970: 1_780_000_000)

    func load(_ text: String, name: String) throws -> LoadedTask {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("recorder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return try TaskSource.load(file.path)
    }

    func recorder(_ store: StudyStore, taskID: String) -> TaskRecorder {
        let task = StudyTask(identifier: taskID, title: "Check-in", source: "x.json", sourceURL: URL(fileURLWithPath: "/x.json"),
                             schedule: .daily(RepeatingSchedule(time: TimeOfDay(hour: 9), hours: 12)))
        return TaskRecorder(store: store, launch: TaskLaunch(studyID: "study", studyVersion: "1", task: task, window: nil, resume: nil))
    }

    func finishedRun(_ loaded: LoadedTask, _ answers: [String: JSONValue]) -> TaskRun {
        HeadlessRunner(task: loaded.task, conditions: loaded.conditions).run(.answers(answers), clock: { start }).run
    }

    @Test func theFirstSnapshotStoresTheRunAndLaterOnesReplaceIt() throws {
        let store = try StudyStore.inMemory()
        let loaded = try load(Self.sage, name: "checkin.json")
        let recorder = recorder(store, taskID: "checkin")
        var run = TaskRun(task: loaded.task, now: start)
        run.start(now: start)
        #expect(try store.run(id: run.taskRunUUID) == nil)
        try recorder.autosave(run, at: start)
        #expect(try store.run(id: run.taskRunUUID)?.studyID == "study")
        #expect(recorder.snapshotSaver(EncodedSnapshot(run.snapshot())) == nil)
        #expect(try store.snapshot(runID: run.taskRunUUID) != nil)
    }

    @Test func aFinishedSageRunStoresItsResultAndItsOwnObservation() throws {
        let store = try StudyStore.inMemory()
        let loaded = try load(Self.sage, name: "checkin.json")
        let run = finishedRun(loaded, ["mood/score": 4, "note/text": "fine"])
        #expect(try recorder(store, taskID: "checkin").finish(run, loaded: loaded, at: start) == .completed)
        let stored = try #require(try store.result(runID: run.taskRunUUID))
        #expect(stored.questionnaireResponse == nil)
        #expect(stored.observations?.contains("\"Observation\"") == true)
        #expect(try store.run(id: run.taskRunUUID)?.status == .completed)
        #expect(try store.pendingOutbox(now: start.addingTimeInterval(60)).contains { $0.runID == run.taskRunUUID && $0.kind == .taskResult })
    }

    @Test func aFinishedQuestionnaireStoresItsResponseAndTheObservationsItsItemsAskFor() throws {
        let store = try StudyStore.inMemory()
        let loaded = try load(Self.questionnaire, name: "q.json")
        let run = finishedRun(loaded, ["weight": 71.5])
        try recorder(store, taskID: "q").finish(run, loaded: loaded, at: start)
        let stored = try #require(try store.result(runID: run.taskRunUUID))
        #expect(stored.questionnaireResponse?.contains("\"QuestionnaireResponse\"") == true)
        #expect(stored.observations?.contains("29463-7") == true)
        #expect(try store.pendingOutbox(now: start.addingTimeInterval(60)).contains { $0.kind == .questionnaireResponse })
    }

    @Test func savedAndDiscardedRunsAreKeptForLaterOrDropped() throws {
        let store = try StudyStore.inMemory()
        let loaded = try load(Self.sage, name: "checkin.json")
        let recorder = recorder(store, taskID: "checkin")
        var saved = TaskRun(task: loaded.task, now: start)
        saved.start(now: start)
        saved.cancel(save: true, now: start)
        #expect(try recorder.finish(saved, loaded: loaded, at: start) == .saved)
        #expect(try store.snapshot(runID: saved.taskRunUUID) != nil)
        var discarded = TaskRun(task: loaded.task, now: start)
        discarded.start(now: start)
        discarded.cancel(save: false, now: start)
        #expect(try recorder.finish(discarded, loaded: loaded, at: start) == .discarded)
        #expect(try store.result(runID: discarded.taskRunUUID) == nil)
        #expect(try store.snapshot(runID: discarded.taskRunUUID) == nil)
    }

    @Test func theSnapshotSaverStoresTheEncodedSnapshotAsHandedOverWithoutDecodingIt() throws {
        let store = try StudyStore.inMemory()
        let loaded = try load(Self.sage, name: "checkin.json")
        var run = TaskRun(task: loaded.task, now: start)
        run.start(now: start)
        let encoded = EncodedSnapshot(run.snapshot())
        // A member a decode and encode again would drop: the store gets the JSON it was handed.
        guard case .object(var members) = encoded.json else { Issue.record("not an object"); return }
        members["handedOver"] = "as it is"
        let handed = EncodedSnapshot(taskRunUUID: encoded.taskRunUUID, startDate: encoded.startDate,
                                     stepPath: encoded.stepPath, json: .object(members))
        #expect(recorder(store, taskID: "checkin").snapshotSaver(handed) == nil)
        let stored = try #require(try store.snapshot(runID: run.taskRunUUID))
        #expect(stored.data.contains("\"handedOver\":\"as it is\""))
        #expect(stored.stepPath == "mood")
    }

    @Test func aSnapshotThatCannotBeStoredSaysWhy() throws {
        let store = try StudyStore.inMemory()
        let loaded = try load(Self.sage, name: "checkin.json")
        let recorder = recorder(store, taskID: "checkin")
        var run = TaskRun(task: loaded.task, now: start)
        run.start(now: start)
        run.cancel(save: false, now: start)
        try recorder.finish(run, loaded: loaded, at: start)   // discarded: the run is closed
        let failure = recorder.snapshotSaver(EncodedSnapshot(run.snapshot()))
        #expect(failure != nil)
    }

    @Test func aTimedOutRunKeepingItsAnswersIsStoredAndSentTimedOut() throws {
        let store = try StudyStore.inMemory()
        let loaded = try load(Self.sage, name: "checkin.json")
        var run = TaskRun(task: loaded.task, now: start)
        run.start(now: start)
        #expect(run.apply(.next(["score": 4]), now: start, save: nil) == nil)
        #expect(run.apply(.timeOut(["text": "tired"], keepPartial: true), now: start, save: nil) == nil)
        #expect(try recorder(store, taskID: "checkin").finish(run, loaded: loaded, at: start) == .timedOut)
        #expect(try store.run(id: run.taskRunUUID)?.status == .timedOut)
        let stored = try #require(try store.result(runID: run.taskRunUUID))
        #expect(try stored.decodedMetadata()["finishReason"] == "timedOut")
        let result = try TaskResult(json: try JSONParser.parse(stored.taskResult))
        #expect(result.finishReason == .timedOut)
        #expect(result.answersOnPath.map(\.value).contains("tired"))
        #expect(try store.snapshot(runID: run.taskRunUUID) == nil)
        #expect(try store.pendingOutbox(now: start.addingTimeInterval(60)).contains { $0.runID == run.taskRunUUID && $0.kind == .taskResult })
    }

    @Test func aTimedOutRunDroppingItsAnswersIsStoredTimedOutWithNoAnswer() throws {
        let store = try StudyStore.inMemory()
        let loaded = try load(Self.sage, name: "checkin.json")
        let recorder = recorder(store, taskID: "checkin")
        var run = TaskRun(task: loaded.task, now: start)
        run.start(now: start)
        #expect(run.apply(.next(["score": 4]), now: start, save: recorder.snapshotSaver) == nil)
        #expect(run.apply(.timeOut(nil, keepPartial: false), now: start, save: recorder.snapshotSaver) == nil)
        #expect(try recorder.finish(run, loaded: loaded, at: start) == .timedOut)
        #expect(try store.run(id: run.taskRunUUID)?.status == .timedOut)
        let stored = try #require(try store.result(runID: run.taskRunUUID))
        let result = try TaskResult(json: try JSONParser.parse(stored.taskResult))
        #expect(result.answersOnPath.isEmpty)
        #expect(!stored.taskResult.contains("score"))
        #expect(try store.snapshot(runID: run.taskRunUUID) == nil)
    }

    @Test func aTimedOutQuestionnaireRunSendsAStoppedResponse() throws {
        let store = try StudyStore.inMemory()
        let loaded = try load(Self.questionnaire, name: "q.json")
        var run = TaskRun(task: loaded.task, now: start, conditions: loaded.conditions)
        run.start(now: start)
        #expect(run.apply(.timeOut(["weight": 71.5], keepPartial: true), now: start, save: nil) == nil)
        try recorder(store, taskID: "q").finish(run, loaded: loaded, at: start)
        let stored = try #require(try store.result(runID: run.taskRunUUID))
        let response = try JSONParser.parse(try #require(stored.questionnaireResponse))
        #expect(response["status"] == "stopped")
    }
}
