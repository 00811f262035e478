import Foundation
import StudyCore
import Testing
@testable import StudyStore

@Suite struct RunTests {
    @Test func startsARunWithItsScheduleWindowAndRefusesTheSameUUIDTwice() throws {
        let store = try StudyStore.inMemory()
        let id = UUID()
        let window = ScheduleWindow(start: T.at(0), end: T.at(7200))
        try store.startRun(id: id, studyID: "s1", taskID: "mood", window: window, at: T.at(60))
        let run = try #require(try store.run(id: id))
        #expect(run == TaskRunRecord(id: id, studyID: "s1", taskID: "mood", window: window, startedAt: T.at(60)))
        #expect(run.window == window && run.status == .inProgress)
        #expect(throws: StoreError.runAlreadyExists(id)) {
            try store.startRun(id: id, studyID: "s1", taskID: "mood", at: T.at(61))
        }
    }

    @Test func keepsOneSnapshotPerRunReplacedByEveryAnswer() throws {
        let store = try StudyStore.inMemory()
        let id = UUID()
        try store.startRun(id: id, studyID: "s1", taskID: "mood", at: T.at(0))
        try store.saveSnapshot(runID: id, data: StoreFixtures.snapshot(step: "feeling", answers: 1), stepPath: "feeling", at: T.at(10))
        try store.saveSnapshot(runID: id, data: StoreFixtures.snapshot(step: "sleep", answers: 2), stepPath: "sec/sleep", at: T.at(20))
        let snapshot = try #require(try store.snapshot(runID: id))
        #expect(snapshot.stepPath == "sec/sleep" && snapshot.updatedAt == T.at(20))
        #expect(try snapshot.json() == StoreFixtures.snapshot(step: "sleep", answers: 2))
        #expect(try store.run(id: id)?.updatedAt == T.at(20))
        #expect(try store.database.scalar(sql: "SELECT COUNT(*) FROM snapshot") == "1")
    }

    @Test func offersTheMostRecentlyTouchedOpenRunWithTheSameUUIDAndAnswers() throws {
        let store = try StudyStore.inMemory()
        let older = UUID(), newer = UUID(), done = UUID()
        try store.startRun(id: older, studyID: "s1", taskID: "a", at: T.at(0))
        try store.startRun(id: newer, studyID: "s1", taskID: "b", at: T.at(5))
        try store.startRun(id: done, studyID: "s1", taskID: "c", at: T.at(6))
        try store.saveSnapshot(runID: newer, data: StoreFixtures.snapshot(step: "q2", answers: 2), stepPath: "q2", at: T.at(30))
        try store.saveSnapshot(runID: older, data: StoreFixtures.snapshot(step: "q1", answers: 1), stepPath: "q1", at: T.at(20))
        try store.finishRun(FinishedRun(result: StoreFixtures.result(runID: done), finishedAt: T.at(40)))

        let latest = try #require(try store.latestOpenRun(studyID: "s1"))
        #expect(latest.run.id == newer && latest.snapshot?.stepPath == "q2")
        #expect(try latest.snapshot?.json() == StoreFixtures.snapshot(step: "q2", answers: 2))
        #expect(try store.openRuns(studyID: "s1").map(\.run.id) == [newer, older])
        #expect(try store.openRuns(studyID: "other").isEmpty)
    }

    @Test func anOpenRunLeftBeforeItsFirstAnswerHasNoSnapshot() throws {
        let store = try StudyStore.inMemory()
        let id = UUID()
        try store.startRun(id: id, studyID: "s1", taskID: "a", at: T.at(0))
        #expect(try store.latestOpenRun(studyID: "s1") == ResumableRun(run: try #require(try store.run(id: id)), snapshot: nil))
    }

    @Test func aRunSavedForLaterKeepsItsSnapshotAndReopensOnTheNextAnswer() throws {
        let store = try StudyStore.inMemory()
        let id = UUID()
        try store.startRun(id: id, studyID: "s1", taskID: "a", at: T.at(0))
        try store.saveSnapshot(runID: id, data: ["step": "q1"], stepPath: "q1", at: T.at(10))
        try store.saveForLater(runID: id, at: T.at(11))
        #expect(try store.latestOpenRun(studyID: "s1")?.run.status == .saved)
        #expect(try store.latestOpenRun(studyID: "s1")?.snapshot?.stepPath == "q1")
        try store.saveSnapshot(runID: id, data: ["step": "q2"], stepPath: "q2", at: T.at(500))
        #expect(try store.run(id: id)?.status == .inProgress)
    }

    @Test func discardingDropsTheSnapshotAndStopsFurtherAnswers() throws {
        let store = try StudyStore.inMemory()
        let id = UUID()
        try store.startRun(id: id, studyID: "s1", taskID: "a", at: T.at(0))
        try store.saveSnapshot(runID: id, data: ["step": "q1"], stepPath: "q1", at: T.at(10))
        try store.discardRun(runID: id, at: T.at(12))
        #expect(try store.run(id: id)?.status == .discarded)
        #expect(try store.run(id: id)?.finishedAt == T.at(12))
        #expect(try store.snapshot(runID: id) == nil)
        #expect(try store.latestOpenRun(studyID: "s1") == nil)
        #expect(try store.pendingOutboxCount() == 0)
        #expect(throws: StoreError.runNotOpen(id, status: .discarded)) {
            try store.saveSnapshot(runID: id, data: ["step": "q2"], stepPath: "q2", at: T.at(13))
        }
    }

    @Test func answersForAnUnknownRunAreReported() throws {
        let store = try StudyStore.inMemory()
        let id = UUID()
        #expect(throws: StoreError.runNotFound(id)) {
            try store.saveSnapshot(runID: id, data: [:], stepPath: "q1", at: T.at(0))
        }
        #expect(try store.snapshot(runID: id) == nil)
    }
}
