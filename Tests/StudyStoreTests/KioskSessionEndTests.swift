import Foundation
import StudyCore
import Testing
@testable import StudyStore

/// Ending a kiosk session: once, with its reason stored, and its unfinished runs stopped by the
/// session's partial-answer policy; nothing finished is ever deleted.
@Suite struct KioskSessionEndTests {
    @Test func aSessionEndsOnceAndASecondEndIsRefusedChangingNothing() throws {
        let store = try StudyStore.inMemory()
        let id = UUID()
        try KioskFixtures.begin(store, id: id, policy: .keep)
        let ending = try store.endKioskSession(id: id, reason: .endedByStaff, at: T.at(30))
        #expect(ending.session.endReason == .endedByStaff)
        #expect(throws: StoreError.kioskSessionEnded(id, reason: "ended-by-staff")) {
            try store.endKioskSession(id: id, reason: .timedOut, at: T.at(40))
        }
        let stored = try #require(try store.kioskSession(id: id))
        #expect(stored.endReason == .endedByStaff)
        #expect(stored.endedAt == T.at(30))
    }

    @Test func endingAnUnknownSessionIsRefused() throws {
        let store = try StudyStore.inMemory()
        let id = UUID()
        #expect(throws: StoreError.kioskSessionNotFound(id)) { try store.endKioskSession(id: id, reason: .completed, at: T.at(0)) }
    }

    @Test(arguments: [KioskSessionEndReason.timedOut, .endedByStaff, .interrupted])
    func discardDeletesTheUnfinishedRunsAnswersAndMarksThemWithTheReason(reason: KioskSessionEndReason) throws {
        let store = try StudyStore.inMemory()
        let task = try KioskFixtures.task()
        let id = UUID()
        let scope = try KioskFixtures.begin(store, id: id, policy: .discard)
        let done = try KioskFixtures.finishedRun(scope, at: 10)
        let open = try KioskFixtures.runAfterFirstAnswer(scope, task, at: 100)
        let ending = try store.endKioskSession(id: id, reason: reason, at: T.at(200))
        #expect(ending.discardedRuns == [open])
        #expect(ending.keptRuns.isEmpty)
        #expect(try store.snapshot(runID: open) == nil)
        #expect(try store.result(runID: open) == nil)
        let run = try #require(try store.run(id: open))
        #expect(run.status == .discarded)
        #expect(run.kioskEndReason == reason)
        #expect(run.finishedAt == T.at(200))
        #expect(try store.allOutboxItems().allSatisfy { $0.runID != open })
        // The finished run and its queued result stay.
        #expect(try store.result(runID: done) != nil)
        #expect(try store.run(id: done)?.status == .completed)
        #expect(try store.run(id: done)?.kioskEndReason == nil)
        #expect(try store.allOutboxItems().contains { $0.runID == done })
    }

    @Test(arguments: [KioskSessionEndReason.timedOut, .endedByStaff, .interrupted])
    func keepFinishesAnUnfinishedRunWithAnswersAsIncompleteAndQueuesIt(reason: KioskSessionEndReason) throws {
        let store = try StudyStore.inMemory()
        let task = try KioskFixtures.task()
        let id = UUID()
        let scope = try KioskFixtures.begin(store, id: id, participant: "P-9", policy: .keep)
        let open = try KioskFixtures.runAfterFirstAnswer(scope, task, at: 100)
        let ending = try store.endKioskSession(id: id, reason: reason, at: T.at(200))
        #expect(ending.keptRuns == [open])
        let stoppedAs: FinishReason = reason == .timedOut ? .timedOut : .earlyExit
        let run = try #require(try store.run(id: open))
        #expect(run.status == RunStatus(stoppedAs))
        #expect(run.kioskEndReason == reason)
        #expect(try store.snapshot(runID: open) == nil)
        let result = try #require(try store.result(runID: open))
        let taskResult = try result.decodedTaskResult()
        #expect(taskResult.finishReason == stoppedAs)
        #expect(try result.decodedMetadata()["finishReason"]?.stringValue == stoppedAs.rawValue)
        #expect(taskResult.root.identifier == "checkin")
        #expect(taskResult.root.findResult(StepID("mood"))?.answers["score"] == .int(4))
        #expect(taskResult.root.endDate == T.at(200))
        let metadata = try result.decodedMetadata()
        #expect(metadata["participantId"]?.stringValue == "P-9")
        #expect(metadata["kioskSessionId"]?.stringValue == id.uuidString)
        #expect(metadata["kioskSessionEndReason"]?.stringValue == reason.rawValue)
        let queued = try store.pendingOutbox(now: T.at(300)).filter { $0.runID == open }
        #expect(queued.map(\.kind) == [.taskResult])
        #expect(queued.first?.enrollmentID == scope.enrollmentID)
    }

    @Test func keepDiscardsAnUnfinishedRunThatHasNoAnswerYet() throws {
        let store = try StudyStore.inMemory()
        let task = try KioskFixtures.task()
        let id = UUID()
        let scope = try KioskFixtures.begin(store, id: id, policy: .keep)
        let run = UUID()
        try scope.startRun(id: run, taskID: "checkin", at: T.at(10))
        let snapshot = KioskFixtures.snapshotWithoutAnswers(task, runID: run, at: T.at(10))
        try store.saveSnapshot(runID: run, data: snapshot.json, stepPath: snapshot.stepPath ?? "", at: T.at(11))
        let bare = UUID()
        try scope.startRun(id: bare, taskID: "checkin", at: T.at(20))
        let ending = try store.endKioskSession(id: id, reason: .timedOut, at: T.at(60))
        #expect(ending.discardedRuns == [run, bare])
        #expect(try store.run(id: run)?.status == .discarded)
        #expect(try store.run(id: bare)?.kioskEndReason == .timedOut)
        #expect(try store.allOutboxItems().isEmpty)
    }

    @Test func keepMarksARunWhoseSnapshotCannotBeReadFailedAndLeavesTheSnapshot() throws {
        let store = try StudyStore.inMemory()
        let id = UUID()
        let scope = try KioskFixtures.begin(store, id: id, policy: .keep)
        let run = UUID()
        try scope.startRun(id: run, taskID: "checkin", at: T.at(10))
        try store.saveSnapshot(runID: run, data: StoreFixtures.snapshot(step: "q1", answers: 2), stepPath: "q1", at: T.at(11))
        let ending = try store.endKioskSession(id: id, reason: .interrupted, at: T.at(60))
        #expect(ending.unreadableRuns == [run])
        #expect(try store.run(id: run)?.status == .failed)
        #expect(try store.run(id: run)?.kioskEndReason == .interrupted)
        #expect(try store.snapshot(runID: run) != nil)
        #expect(try store.openRuns(studyID: "s1").isEmpty)
    }

    @Test func aCompletedSessionKeepsAnswersEvenUnderDiscard() throws {
        let store = try StudyStore.inMemory()
        let task = try KioskFixtures.task()
        let id = UUID()
        let scope = try KioskFixtures.begin(store, id: id, policy: .discard)
        let open = try KioskFixtures.runAfterFirstAnswer(scope, task, at: 100)
        let ending = try store.endKioskSession(id: id, reason: .completed, at: T.at(200))
        #expect(ending.keptRuns == [open])
        #expect(try store.result(runID: open) != nil)
    }

    @Test func endingTouchesOnlyItsOwnSessionsRuns() throws {
        let store = try StudyStore.inMemory()
        let task = try KioskFixtures.task()
        let ended = UUID(), other = UUID()
        let a = try KioskFixtures.begin(store, id: ended, policy: .discard)
        let b = try KioskFixtures.begin(store, id: other, policy: .discard, station: "lobby-2")
        _ = try KioskFixtures.runAfterFirstAnswer(a, task, at: 10)
        let othersRun = try KioskFixtures.runAfterFirstAnswer(b, task, at: 20)
        try store.endKioskSession(id: ended, reason: .timedOut, at: T.at(60))
        #expect(try store.run(id: othersRun)?.status == .inProgress)
        #expect(try store.snapshot(runID: othersRun) != nil)
        #expect(try store.kioskSession(id: other)?.hasEnded == false)
    }

    @Test func aLateAutosaveOfADiscardedRunIsRefused() throws {
        let store = try StudyStore.inMemory()
        let task = try KioskFixtures.task()
        let id = UUID()
        let scope = try KioskFixtures.begin(store, id: id, policy: .discard)
        let open = try KioskFixtures.runAfterFirstAnswer(scope, task, at: 10)
        try store.endKioskSession(id: id, reason: .timedOut, at: T.at(60))
        #expect(throws: StoreError.runNotOpen(open, status: .discarded)) {
            try store.saveSnapshot(runID: open, data: ["late": true], stepPath: "note", at: T.at(61))
        }
        #expect(try store.snapshot(runID: open) == nil)
    }
}

