import Foundation
import StudyTestSupport
import Testing
@testable import StudyCore

/// `TaskRun.prepare` and `commit`: a move is worked out without touching the run, and counts only
/// when it is committed after its snapshot is stored.
@Suite struct PendingMoveTests {
    /// The same three-step task as ``RunRequestTests``, started.
    func start() throws -> (TaskRun, TestClock) { try RunRequestTests().start() }

    @Test func aPreparedMoveLeavesTheRunAsItIsUntilItIsCommitted() throws {
        var (run, clock) = try start()
        let move = try run.prepare(.next(["age": 40]), now: clock.now())
        #expect(run.currentPath == "age")
        #expect(run.currentAnswers["age"] != 40)
        // The snapshot to store is the run after the move: it resumes at the next step with the answer.
        let snapshot = try #require(move.snapshot)
        #expect(snapshot.stepPath == "day")
        let resumed = try TaskRun(task: run.task, restoring: snapshot, now: clock.now())
        #expect(resumed.result.answersOnPath.contains { $0.value == 40 })
        run.commit(move)
        #expect(run.currentPath == "day")
    }

    @Test func goingBackFromTheFirstStepIsRefusedWhenPrepared() throws {
        let (run, clock) = try start()
        #expect(throws: RunRefusal.cannotGoBack) { try run.prepare(.back(nil), now: clock.now()) }
    }

    @Test func aDiscardHasNoSnapshotToStore() throws {
        let (run, clock) = try start()
        let move = try run.prepare(.discard, now: clock.now())
        #expect(move.snapshot == nil)
        #expect(move.finishes)
    }

    @Test func applyEncodesTheSnapshotOnceAndHandsItOverAsItIs() throws {
        var (run, clock) = try start()
        var handed: [EncodedSnapshot] = []
        #expect(run.apply(.next(["age": 40]), now: clock.now(), save: { handed.append($0); return nil }) == nil)
        #expect(handed.count == 1)
        let encoded = try #require(handed.first)
        #expect(encoded.taskRunUUID == run.taskRunUUID && encoded.startDate == run.startDate && encoded.stepPath == "day")
        #expect(encoded == EncodedSnapshot(run.snapshot()))
    }
}
