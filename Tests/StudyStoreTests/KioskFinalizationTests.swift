import Foundation
import StudyCore
import StudyTestSupport
import Testing
@testable import StudyStore

/// A station starting after a crash or power loss: every session left open is ended as
/// `interrupted` by its own policy, never resumed, and the store says what it did.
@Suite struct KioskFinalizationTests {
    /// A data folder a crashed station left: session `keep` mid-task (first answer stored), session
    /// `discard` mid-task, and one session that had ended (timed out) before the crash.
    struct CrashedFolder {
        let dir: TemporaryDirectory
        let kept = UUID(), discarded = UUID(), alreadyEnded = UUID()
        var keptRun = UUID(), discardedRun = UUID(), finishedRun = UUID()
    }

    static func crashedFolder() throws -> CrashedFolder {
        var folder = CrashedFolder(dir: try TemporaryDirectory())
        let task = try KioskFixtures.task()
        let store = try StudyStore.open(at: DataLocation(folder: folder.dir.url), scope: "kiosk-lobby-1", appVersion: "1.0")
        try KioskFixtures.begin(store, id: folder.alreadyEnded, policy: .keep, at: 0)
        try store.endKioskSession(id: folder.alreadyEnded, reason: .timedOut, at: T.at(50))
        let keep = try KioskFixtures.begin(store, id: folder.kept, policy: .keep, at: 100)
        folder.finishedRun = try KioskFixtures.finishedRun(keep, at: 110)
        folder.keptRun = try KioskFixtures.runAfterFirstAnswer(keep, task, at: 200)
        let discard = try KioskFixtures.begin(store, id: folder.discarded, policy: .discard, at: 300, station: "lobby-2")
        folder.discardedRun = try KioskFixtures.runAfterFirstAnswer(discard, task, at: 310)
        return folder  // the store goes away here, its sessions open, as a killed process leaves them
    }

    @Test func sessionsLeftOpenAreEndedAsInterruptedEachByItsOwnPolicy() throws {
        let folder = try Self.crashedFolder()
        defer { folder.dir.remove() }
        let store = try StudyStore.open(at: DataLocation(folder: folder.dir.url), scope: "kiosk-lobby-1", appVersion: "1.0")
        let done = try store.finalizeInterruptedKioskSessions(at: T.at(1000))
        #expect(done.count == 2)
        #expect(done.sessionIDs == [folder.kept, folder.discarded])
        #expect(done.endings.map(\.keptRuns) == [[folder.keptRun], []])
        #expect(done.endings.map(\.discardedRuns) == [[], [folder.discardedRun]])
        for id in [folder.kept, folder.discarded] {
            let session = try #require(try store.kioskSession(id: id))
            #expect(session.endReason == .interrupted)
            #expect(session.endedAt == T.at(1000))
        }
        // Kept: the last answer is in a queued result marked interrupted; discarded: gone. Never resumable.
        let kept = try #require(try store.result(runID: folder.keptRun)).decodedTaskResult()
        #expect(kept.root.findResult(StepID("mood"))?.answers["score"] == .int(4))
        #expect(try store.pendingOutbox(now: T.at(2000)).contains { $0.runID == folder.keptRun })
        #expect(try store.run(id: folder.keptRun)?.kioskEndReason == .interrupted)
        #expect(try store.snapshot(runID: folder.discardedRun) == nil)
        #expect(try store.run(id: folder.discardedRun)?.status == .discarded)
        #expect(try store.openRuns(studyID: "s1").isEmpty)
        // What had ended or finished before the crash is as it was.
        #expect(try store.kioskSession(id: folder.alreadyEnded)?.endReason == .timedOut)
        #expect(try store.kioskSession(id: folder.alreadyEnded)?.endedAt == T.at(50))
        #expect(try store.run(id: folder.finishedRun)?.status == .completed)
        #expect(try store.result(runID: folder.finishedRun) != nil)
    }

    @Test func finalizingTwiceFindsNothingTheSecondTime() throws {
        let folder = try Self.crashedFolder()
        defer { folder.dir.remove() }
        let store = try StudyStore.open(at: DataLocation(folder: folder.dir.url), scope: "kiosk-lobby-1", appVersion: "1.0")
        try store.finalizeInterruptedKioskSessions(at: T.at(1000))
        let again = try store.finalizeInterruptedKioskSessions(at: T.at(2000))
        #expect(again.count == 0)
        #expect(try store.kioskSession(id: folder.kept)?.endedAt == T.at(1000))
    }

    @Test func aStationFinalizesOnlyItsOwnSessionsWhenItNamesItself() throws {
        let folder = try Self.crashedFolder()
        defer { folder.dir.remove() }
        let store = try StudyStore.open(at: DataLocation(folder: folder.dir.url), scope: "kiosk-lobby-1", appVersion: "1.0")
        let done = try store.finalizeInterruptedKioskSessions(stationID: KioskFixtures.station, at: T.at(1000))
        #expect(done.sessionIDs == [folder.kept])
        #expect(try store.kioskSession(id: folder.discarded)?.hasEnded == false)
        #expect(try store.run(id: folder.discardedRun)?.status == .inProgress)
    }
}
