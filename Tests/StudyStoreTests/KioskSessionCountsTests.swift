import Foundation
import StudyCore
import Testing
@testable import StudyStore

/// The station's status counts: today's sessions by end reason, open ones, and the kiosk results
/// waiting to be sent with the age of the oldest.
@Suite struct KioskSessionCountsTests {
    @Test func sessionsCountByEndReasonFromTheGivenTimeOn() throws {
        let store = try StudyStore.inMemory()
        func session(ending reason: KioskSessionEndReason?, at seconds: TimeInterval) throws {
            let id = UUID()
            try KioskFixtures.begin(store, id: id, policy: .discard, at: seconds)
            if let reason { try store.endKioskSession(id: id, reason: reason, at: T.at(seconds + 10)) }
        }
        try session(ending: .completed, at: 0)  // yesterday's
        try session(ending: .completed, at: 1000)
        try session(ending: .completed, at: 1100)
        try session(ending: .timedOut, at: 1200)
        try session(ending: .interrupted, at: 1300)
        try session(ending: nil, at: 1400)
        let counts = try store.kioskSessionCounts(since: T.at(1000))
        #expect(counts.ended == [.completed: 2, .timedOut: 1, .endedByStaff: 0, .interrupted: 1])
        #expect(counts.endedTotal == 4)
        #expect(counts.open == 1)
    }

    @Test func pendingResultsCountOncePerRunWithTheOldestTimeAndLeaveWhenAccepted() throws {
        let store = try StudyStore.inMemory()
        let scope = try KioskFixtures.begin(store, policy: .keep)
        let first = UUID(), second = UUID()
        try scope.startRun(id: first, taskID: "mood", at: T.at(10))
        try store.finishRun(FinishedRun(result: StoreFixtures.result(runID: first), observations: [["resourceType": "Observation"]],
                                        finishedAt: T.at(20)))
        try scope.startRun(id: second, taskID: "mood", at: T.at(30))
        try store.finishRun(FinishedRun(result: StoreFixtures.result(runID: second), finishedAt: T.at(40)))
        var counts = try store.kioskSessionCounts(since: T.at(0))
        #expect(counts.pendingResults == 2)
        #expect(counts.oldestPendingAt == T.at(20))
        let firstItems = try store.allOutboxItems().filter { $0.runID == first }.map(\.id)
        try store.markAccepted(ids: firstItems, at: T.at(50))
        try store.park(id: try #require(try store.allOutboxItems().first { $0.runID == second }).id, reason: "refused", at: T.at(60))
        counts = try store.kioskSessionCounts(since: T.at(0))
        #expect(counts.pendingResults == 1)
        #expect(counts.parkedResults == 1)
        #expect(counts.oldestPendingAt == T.at(40))
    }

    @Test func theJourneysResultsAreNotAStationsPendingResults() throws {
        let store = try StoreFixtures.enrolledStore()
        let run = UUID()
        try store.startRun(id: run, studyID: "s1", taskID: "mood", at: T.at(10))
        try store.finishRun(FinishedRun(result: StoreFixtures.result(runID: run), finishedAt: T.at(20)))
        let counts = try store.kioskSessionCounts(since: T.at(0))
        #expect(counts.pendingResults == 0)
        #expect(counts.oldestPendingAt == nil)
        #expect(counts.ended.values.allSatisfy { $0 == 0 })
    }

    @Test func theCountsReadTheirIndexes() throws {
        let store = try StudyStore.inMemory()
        let byEnd = try store.database.queryPlan(sql: """
            SELECT endReason, COUNT(*) FROM kioskSession WHERE endedAt IS NOT NULL AND endedAt >= '2026-01-01' GROUP BY endReason
            """)
        #expect(byEnd.contains("kioskSession_ended"))
        let runs = try store.database.queryPlan(sql: "SELECT * FROM taskRun WHERE kioskSessionID = 'X' AND status IN ('inProgress', 'saved')")
        #expect(runs.contains("taskRun_on_kioskSession"))
        let journey = try store.database.queryPlan(sql: """
            SELECT * FROM enrollment WHERE withdrawnAt IS NULL AND kioskSessionID IS NULL AND studyID = 's1' ORDER BY id DESC LIMIT 1
            """)
        #expect(journey.contains("enrollment_journey_current"))
    }
}
