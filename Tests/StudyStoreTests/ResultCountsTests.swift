import Foundation
import StudyCore
import Testing
@testable import StudyExport
@testable import StudyStore

/// One definition of each count: what the dashboard, the leave question and export say.
@Suite struct ResultCountsTests {
    /// A study with runs in every state, several outbox items per result, a withdrawal, another
    /// study's result, and one result a server accepted.
    static func mixedStore() throws -> StudyStore {
        let store = try StoreFixtures.enrolledStore()
        func finish(_ reason: FinishReason, study: String = "s1", observations: Int = 0) throws -> FinishReceipt {
            let id = UUID()
            try store.startRun(id: id, studyID: study, taskID: "mood", at: T.at(0))
            return try store.finishRun(FinishedRun(result: StoreFixtures.result(runID: id, reason: reason),
                                                   observations: Array(repeating: ["resourceType": "Observation"], count: observations),
                                                   finishedAt: T.at(10)))
        }
        _ = try finish(.completed, observations: 2)           // three outbox items, one result
        let sent = try finish(.completed, observations: 1)
        try store.markAccepted(ids: sent.outboxItems.map(\.id), at: T.at(20))
        let partlySent = try finish(.completed, observations: 1)
        try store.markAccepted(ids: [partlySent.outboxItems[0].id], at: T.at(20))
        _ = try finish(.earlyExit)
        _ = try finish(.failed)
        _ = try finish(.completed, study: "s2")
        for (n, end) in [(1, "save"), (2, "discard"), (3, "open")] {
            let id = UUID()
            try store.startRun(id: id, studyID: "s1", taskID: "mood", at: T.at(Double(n)))
            try store.saveSnapshot(runID: id, data: ["step": "score"], stepPath: "score", at: T.at(Double(n)))
            if end == "save" { try store.saveForLater(runID: id, at: T.at(5)) }
            if end == "discard" { try store.discardRun(runID: id, at: T.at(5)) }
        }
        try store.withdraw(studyID: "s1", at: T.at(30))
        return store
    }

    @Test func aResultIsAFinishedRunAndIsUnsentWhileAnyOfItsItemsWaits() throws {
        let store = try Self.mixedStore()
        #expect(try store.resultCounts(studyID: "s1") == ResultCounts(stored: 5, completed: 3, unsent: 4))
        #expect(try store.resultCounts() == ResultCounts(stored: 6, completed: 4, unsent: 5))
        #expect(try store.pendingOutboxCount() > 5, "the outbox counts items, not results")
    }

    @Test func theDashboardAndEveryExportFormatCountTheSameResults() throws {
        let store = try Self.mixedStore()
        let counts = try store.resultCounts(studyID: "s1")
        #expect(try store.dashboard(studyID: "s1").results == counts)
        for format in ExportFormat.allCases {
            #expect(try store.exportDocument(format, studyID: "s1").resultCount == counts.stored, "\(format)")
        }
        #expect(ResultCounts.results(1) == "1 result" && ResultCounts.results(4) == "4 results")
    }

    @Test func everyEnrollmentHasAParticipantID() throws {
        let store = try StudyStore.inMemory()
        let stored = try store.enroll(Enrollment(studyID: "demo", studyVersion: "1", enrolledAt: T.at(0)))
        let id = try #require(stored.participantID)
        #expect(!id.isEmpty)
        #expect(try store.currentEnrollment(studyID: "demo")?.participantID == id)
        let given = try store.enroll(Enrollment(studyID: "s1", studyVersion: "1", participantID: "ABCD2345", enrolledAt: T.at(0)))
        #expect(given.participantID == "ABCD2345", "a server's identifier is kept")
        let run = UUID()
        try store.startRun(id: run, studyID: "demo", taskID: "mood", at: T.at(1))
        try store.finishRun(FinishedRun(result: StoreFixtures.result(runID: run), finishedAt: T.at(9)))
        #expect(try store.answerRows(studyID: "demo").allSatisfy { $0.participantID == id })
    }
}
