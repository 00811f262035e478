import Foundation
import ServerStore
import StudyAPI
import StudyCore
@testable import StudyServerKit
@testable import StudyStore
@testable import StudySync
@testable import StudyTermKit
import Testing

/// A run stopped by inactivity reaches the server like any finished run, and the server's export
/// keeps its end reason.
@Suite(.serialized) struct TimedOutRunSyncTests {
    @Test func aTimedOutRunIsAcceptedAndTheServersExportKeepsItsReason() async throws {
        let fixture = try await ClientSyncTests.server()
        let app = try ClientSyncTests.App()
        let session = try await app.services.value.join(
            try await app.router.lookUp(SignUpRequest(address: ClientSyncTests.address(fixture), token: "ABCD2345")))
        let participant = try #require(session.membership.participantID)
        let id = UUID()
        _ = try app.store.startRun(id: id, studyID: "sleep-study", taskID: "mood", at: Date())
        var root = BranchResult(identifier: "mood", startDate: Date(), endDate: Date())
        root.appendStepHistory(.answer(AnswerResult(identifier: "feeling", startDate: Date(), endDate: Date(),
                                                    answerType: AnswerType(.string), value: "half way")), direction: .forward)
        try app.store.finishRun(FinishedRun(result: TaskResult(root: root, taskRunUUID: id, versionString: "1", finishReason: .timedOut),
                                            finishedAt: Date()))
        #expect(try await app.sender.send().sent == 1)
        let stored = try await fixture.store.storedItems(participantID: participant)
        let (runs, unreadable) = ServerExport.runs(from: stored)
        #expect(unreadable == 0)
        #expect(runs.map(\.status) == ["timedOut"])
        #expect(runs.first?.taskResult.finishReason == .timedOut)
        await fixture.stop()
    }
}
