import Foundation
import StudyCore
import StudyTestSupport
import Testing
@testable import StudyStore
#if canImport(Glibc)
import Glibc
#endif

/// Kill -9 mid-session (issue 27's proof, at the store): a child process begins a kiosk session,
/// answers the first question of a task (the snapshot stored durably) and is killed; the station's
/// next start finds the session open and finalizes it as interrupted, keeping the answer.
@Suite struct KioskKillNineTests {
    static let childVariable = "STUDYSTORE_KIOSK_KILL_CHILD"
    static let sessionID = UUID(uuidString: "5E550000-0000-4000-8000-00000000C0DE")!
    static let runID = UUID(uuidString: "5E550000-0000-4000-8000-00000000A11E")!

    /// The child's work, run only in the process the parent starts (elsewhere it is skipped).
    @Test(.enabled(if: ProcessInfo.processInfo.environment[childVariable] != nil,
                   "the child process of aSessionKilledMidTaskIsFinalizedAsInterruptedAtTheNextStart"))
    func kioskChildAnswersAndWaitsToBeKilled() throws {
        let folder = try #require(ProcessInfo.processInfo.environment[Self.childVariable])
        let store = try StudyStore.open(at: DataLocation(folder: URL(fileURLWithPath: folder)), scope: "kiosk", appVersion: "crash")
        let scope = try KioskFixtures.begin(store, id: Self.sessionID, participant: nil, policy: .keep, at: 0)
        try scope.startRun(id: Self.runID, taskID: "checkin", at: T.at(10))
        let snapshot = KioskFixtures.snapshotAfterFirstAnswer(try KioskFixtures.task(), runID: Self.runID, score: 4, at: T.at(10))
        try store.saveSnapshot(runID: Self.runID, data: snapshot.json, stepPath: snapshot.stepPath ?? "", at: T.at(15))
        FileHandle.standardOutput.write(Data("ANSWERED\n".utf8))
        while true { Thread.sleep(forTimeInterval: 1) }
    }

    @Test(.enabled(if: CrashDurabilityTests.testBinary != nil && ProcessInfo.processInfo.environment[childVariable] == nil,
                   "needs to start the test binary again (SwiftPM on Linux)"))
    func aSessionKilledMidTaskIsFinalizedAsInterruptedAtTheNextStart() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CrashDurabilityTests.testBinary!)
        child.arguments = ["--testing-library", "swift-testing", "--filter", "kioskChildAnswersAndWaitsToBeKilled"]
        child.environment = ProcessInfo.processInfo.environment.merging([Self.childVariable: dir.url.path]) { $1 }
        let pipe = Pipe()
        child.standardOutput = pipe
        child.standardError = FileHandle.nullDevice
        try child.run()
        var output = ""
        while !output.contains("ANSWERED\n") {
            let data = pipe.fileHandleForReading.availableData
            if data.isEmpty { break }
            output += String(decoding: data, as: UTF8.self)
        }
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        #expect(output.contains("ANSWERED\n"), "the child stored its answer before the kill")
        #expect(child.terminationReason == .uncaughtSignal)

        let store = try StudyStore.open(at: DataLocation(folder: dir.url), scope: "kiosk", appVersion: "restart")
        #expect(try store.kioskSession(id: Self.sessionID)?.hasEnded == false)
        let done = try store.finalizeInterruptedKioskSessions(at: T.at(1000))
        #expect(done.sessionIDs == [Self.sessionID])
        #expect(try store.kioskSession(id: Self.sessionID)?.endReason == .interrupted)
        #expect(try store.run(id: Self.runID)?.kioskEndReason == .interrupted)
        #expect(try store.openRuns(studyID: "s1").isEmpty, "never resumed")
        let kept = try #require(try store.result(runID: Self.runID)).decodedTaskResult()
        #expect(kept.root.findResult(StepID("mood"))?.answers["score"] == .int(4), "the last answer is kept")
        let queued = try #require(try store.pendingOutbox(now: T.at(2000)).first { $0.runID == Self.runID })
        #expect(try queued.metadataJSON()["kioskSessionEndReason"]?.stringValue == "interrupted")
    }
}
