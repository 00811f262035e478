import Foundation
import StudyCore
@testable import StudyStore

/// Builders for the kiosk-session tests: a real two-question task, and runs at each stage.
enum KioskFixtures {
    static let station = "lobby-1"

    /// A two-question task ("mood" then "note"), imported as any task file is.
    static func task() throws -> TaskDefinition {
        let text = """
        {"identifier": "checkin", "steps": [
          {"identifier": "mood", "type": "form", "inputFields": [{"identifier": "score", "type": "integer"}]},
          {"identifier": "note", "type": "form", "inputFields": [{"identifier": "text", "type": "string"}]}]}
        """
        let loaded = try TaskFileLoader().load(data: Data(text.utf8), file: FileReference(path: "/checkin.json"))
        guard case .task(let task) = loaded.content else { throw RestoreError("not a task") }
        return task
    }

    /// A run of `task` stopped at the second question after answering the first with `score`:
    /// the restoration snapshot the task screen would have stored.
    static func snapshotAfterFirstAnswer(_ task: TaskDefinition, runID: UUID, score: Int, at date: Date) -> RunSnapshot {
        var run = TaskRun(task: task, taskRunUUID: runID, now: date)
        run.start(now: date)
        run.setAnswers(["score": .int(score)], now: date)
        run.goForward(now: date.addingTimeInterval(5))
        return run.snapshot()
    }

    /// A snapshot of a run that has shown its first question and has no answer yet.
    static func snapshotWithoutAnswers(_ task: TaskDefinition, runID: UUID, at date: Date) -> RunSnapshot {
        var run = TaskRun(task: task, taskRunUUID: runID, now: date)
        run.start(now: date)
        return run.snapshot()
    }

    /// Begins a session in study "s1" with `policy`.
    static func begin(_ store: StudyStore, id: UUID = UUID(), participant: String? = nil, policy: PartialAnswerPolicy,
                      at seconds: TimeInterval = 0, station: String = station) throws -> ParticipantStore {
        try store.beginKioskSession(id: id, stationID: station, studyID: "s1", studyVersion: "v7", participantID: participant,
                                    language: "de", policy: policy, at: T.at(seconds))
    }

    /// Starts a run in `scope` and stores a snapshot after the first answer; returns its id.
    static func runAfterFirstAnswer(_ scope: ParticipantStore, _ task: TaskDefinition, at seconds: TimeInterval) throws -> UUID {
        let id = UUID()
        try scope.startRun(id: id, taskID: "checkin", at: T.at(seconds))
        let snapshot = snapshotAfterFirstAnswer(task, runID: id, score: 4, at: T.at(seconds))
        try scope.store.saveSnapshot(runID: id, data: snapshot.json, stepPath: snapshot.stepPath ?? "", at: T.at(seconds + 5))
        return id
    }

    /// Starts and finishes (completed) a run in `scope`; returns its id.
    static func finishedRun(_ scope: ParticipantStore, at seconds: TimeInterval) throws -> UUID {
        let id = UUID()
        try scope.startRun(id: id, taskID: "mood", at: T.at(seconds))
        try scope.store.finishRun(FinishedRun(result: StoreFixtures.result(runID: id), finishedAt: T.at(seconds + 60)))
        return id
    }
}
