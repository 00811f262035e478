import Foundation
import StudyCore
import Testing
@testable import StudyStore

@Suite struct FinishTests {
    @Test func storesTheEnrichedResultAndItsOutboxItemsAndClosesTheRun() throws {
        let store = try StoreFixtures.enrolledStore()
        let id = UUID()
        let window = ScheduleWindow(start: T.at(0), end: T.at(3600))
        try store.startRun(id: id, studyID: "s1", taskID: "mood", window: window, at: T.at(100))
        try store.saveSnapshot(runID: id, data: ["step": "score"], stepPath: "score", at: T.at(120))
        let result = StoreFixtures.result(runID: id)
        let response: JSONValue = ["resourceType": "QuestionnaireResponse", "status": "completed"]

        let receipt = try store.finishRun(FinishedRun(result: result, questionnaireResponse: response, finishedAt: T.at(160)))

        #expect(receipt.run.status == .completed && receipt.run.finishedAt == T.at(160))
        #expect(try store.run(id: id) == receipt.run)
        #expect(try store.snapshot(runID: id) == nil)
        let stored = try #require(try store.result(runID: id))
        #expect(try stored.decodedTaskResult() == result)
        #expect(try stored.decodedQuestionnaireResponse() == response)
        let metadata = try stored.decodedMetadata()
        #expect(metadata == receipt.metadata.json)
        #expect(metadata["studyId"] == "s1" && metadata["studyVersion"] == "v7" && metadata["participantId"] == "P-12")
        #expect(metadata["taskId"] == "mood" && metadata["taskVersion"] == "3" && metadata["appVersion"] == "1.2.3")
        #expect(metadata["taskRunUUID"] == .string(id.uuidString) && metadata["finishReason"] == "completed")
        #expect(metadata["scheduleWindow"]?["start"] == .string(ResultDate.string(from: T.at(0))))
        #expect(metadata["startDate"] == .string(ResultDate.string(from: T.at(100))))
        let pending = try store.pendingOutbox(now: T.at(160))
        #expect(pending.map(\.kind) == [.taskResult, .questionnaireResponse])
        #expect(pending.map(\.id) == receipt.outboxItems.map(\.id))
        #expect(try pending.allSatisfy { try $0.metadataJSON() == metadata && $0.runID == id })
        #expect(try pending.first { $0.kind == .taskResult }?.payloadJSON() == result.json)
    }

    @Test func enqueuesOneItemPerObservationForTasksThatAreNotQuestionnaires() throws {
        let store = try StudyStore.inMemory()
        let id = UUID()
        try store.startRun(id: id, studyID: "local", taskID: "tapping", at: T.at(0))
        let receipt = try store.finishRun(FinishedRun(result: StoreFixtures.result(runID: id, taskID: "tapping"),
            observations: [["resourceType": "Observation", "valueInteger": 31], ["resourceType": "Observation", "valueInteger": 29]],
            finishedAt: T.at(30)))
        #expect(receipt.outboxItems.map(\.kind) == [.taskResult, .observation, .observation])
        #expect(receipt.metadata.participantID == nil && receipt.metadata.studyVersion == nil)
        #expect(Set(receipt.outboxItems.map(\.id)).count == 3)
    }

    @Test func anEarlyExitOrAFailureIsStoredAndSentWithItsStatus() throws {
        let store = try StudyStore.inMemory()
        for reason in [FinishReason.earlyExit, .failed] {
            let id = UUID()
            try store.startRun(id: id, studyID: "s1", taskID: "t", at: T.at(0))
            try store.finishRun(FinishedRun(result: StoreFixtures.result(runID: id, reason: reason), finishedAt: T.at(9)))
            #expect(try store.run(id: id)?.status == RunStatus(reason))
            #expect(try store.result(runID: id)?.decodedMetadata()["finishReason"] == .string(reason.rawValue))
        }
        #expect(try store.pendingOutboxCount() == 2)
    }

    @Test func aRunStoppedByInactivityIsStoredAndSentTimedOut() throws {
        let store = try StudyStore.inMemory()
        let id = UUID()
        try store.startRun(id: id, studyID: "s1", taskID: "t", at: T.at(0))
        try store.saveSnapshot(runID: id, data: ["step": "score"], stepPath: "score", at: T.at(5))
        try store.finishRun(FinishedRun(result: StoreFixtures.result(runID: id, reason: .timedOut), finishedAt: T.at(9)))
        #expect(try store.run(id: id)?.status == .timedOut)
        #expect(try store.run(id: id)?.status.isOpen == false)
        #expect(try store.snapshot(runID: id) == nil)
        #expect(try store.result(runID: id)?.decodedMetadata()["finishReason"] == "timedOut")
        #expect(try store.pendingOutboxCount() == 1)
    }

    @Test func finishingIsAllOrNothing() throws {
        let store = try StoreFixtures.enrolledStore()
        let id = UUID()
        try store.startRun(id: id, studyID: "s1", taskID: "mood", at: T.at(0))
        try store.saveSnapshot(runID: id, data: ["step": "score"], stepPath: "score", at: T.at(10))
        // The last step of finishing (dropping the snapshot) fails, after everything else was written.
        try store.database.execute(sql: """
            CREATE TRIGGER fail_finish BEFORE DELETE ON snapshot BEGIN SELECT RAISE(ABORT, 'disk trouble'); END
            """)
        #expect(throws: StoreError.self) {
            try store.finishRun(FinishedRun(result: StoreFixtures.result(runID: id), finishedAt: T.at(20)))
        }
        #expect(try store.run(id: id)?.status == .inProgress)
        #expect(try store.result(runID: id) == nil)
        #expect(try store.pendingOutboxCount() == 0)
        #expect(try store.snapshot(runID: id)?.stepPath == "score")

        try store.database.execute(sql: "DROP TRIGGER fail_finish")
        try store.finishRun(FinishedRun(result: StoreFixtures.result(runID: id), finishedAt: T.at(21)))
        #expect(try store.run(id: id)?.status == .completed)
        #expect(try store.pendingOutboxCount() == 1)
    }

    @Test func aRunFinishedAfterLeavingStillNamesItsParticipant() throws {
        let store = try StoreFixtures.enrolledStore()
        let id = UUID()
        try store.startRun(id: id, studyID: "s1", taskID: "mood", at: T.at(0))
        try store.withdraw(studyID: "s1", at: T.at(5))
        let receipt = try store.finishRun(FinishedRun(result: StoreFixtures.result(runID: id), finishedAt: T.at(9)))
        #expect(receipt.metadata.participantID == "P-12")
    }

    @Test func aRunFinishesOnlyOnce() throws {
        let store = try StudyStore.inMemory()
        let id = UUID()
        try store.startRun(id: id, studyID: "s1", taskID: "t", at: T.at(0))
        let finished = FinishedRun(result: StoreFixtures.result(runID: id), finishedAt: T.at(9))
        try store.finishRun(finished)
        #expect(throws: StoreError.runNotOpen(id, status: .completed)) { try store.finishRun(finished) }
        #expect(try store.pendingOutboxCount() == 1)
        let unknown = UUID()
        #expect(throws: StoreError.runNotFound(unknown)) {
            try store.finishRun(FinishedRun(result: StoreFixtures.result(runID: unknown), finishedAt: T.at(9)))
        }
    }
}
