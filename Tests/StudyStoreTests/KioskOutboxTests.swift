import Foundation
import StudyCore
import Testing
@testable import StudyStore

/// A station's outbox: every kiosk session's results, whatever their participant code, never the
/// journey's, never a withdrawal; a failed item waits for its retry time and parked ones stay out.
@Suite struct KioskOutboxTests {
    @Test func everySessionsResultsArePendingOldestFirstAndTheJourneysAreNot() throws {
        let store = try StoreFixtures.enrolledStore()
        let journeyRun = UUID()
        try store.startRun(id: journeyRun, studyID: "s1", taskID: "mood", at: T.at(5))
        try store.finishRun(FinishedRun(result: StoreFixtures.result(runID: journeyRun), finishedAt: T.at(6)))
        let first = try KioskFixtures.finishedRun(try KioskFixtures.begin(store, policy: .keep, at: 10), at: 10)
        let second = try KioskFixtures.finishedRun(try KioskFixtures.begin(store, policy: .keep, at: 100), at: 100)
        let pending = try store.pendingKioskOutbox(now: T.at(1000), limit: 10)
        #expect(pending.map(\.runID) == [first, second])
        #expect(try store.unsentKioskResultCount() == 2)
        #expect(try store.pendingKioskOutbox(now: nil, limit: 1).map(\.runID) == [first])
    }

    @Test func aFailedItemWaitsForItsRetryTimeAndAParkedOneStaysOut() throws {
        let store = try StudyStore.inMemory()
        let first = try KioskFixtures.finishedRun(try KioskFixtures.begin(store, policy: .keep, at: 10), at: 10)
        let second = try KioskFixtures.finishedRun(try KioskFixtures.begin(store, policy: .keep, at: 100), at: 100)
        let items = try store.pendingKioskOutbox(now: nil, limit: 10)
        let firstItem = try #require(items.first { $0.runID == first }), secondItem = try #require(items.first { $0.runID == second })
        try store.recordFailure(id: firstItem.id, error: "unreachable", at: T.at(200), retryAt: T.at(260))
        #expect(try store.pendingKioskOutbox(now: T.at(230), limit: 10).map(\.runID) == [second])
        #expect(try store.pendingKioskOutbox(now: T.at(260), limit: 10).map(\.runID) == [first, second])
        #expect(try store.nextKioskAttemptAt() == T.at(260))
        try store.park(id: secondItem.id, reason: "refused", at: T.at(270))
        #expect(try store.pendingKioskOutbox(now: nil, limit: 10).map(\.runID) == [first])
        #expect(try store.unsentKioskResultCount() == 1)
        _ = try store.markAccepted(ids: [firstItem.id], at: T.at(280))
        #expect(try store.pendingKioskOutbox(now: nil, limit: 10).isEmpty)
        #expect(try store.unsentKioskResultCount() == 0 && store.nextKioskAttemptAt() == nil)
    }
}

/// A station's `deleteAfterUpload`: a kiosk run's answers leave the station once every item of
/// it was accepted, never before, and never the journey's.
@Suite struct KioskRetentionTests {
    @Test func aKioskResultIsDeletedOnlyOnceAllItsItemsAreAcceptedAndTheJourneysStays() throws {
        let store = try StoreFixtures.enrolledStore()
        let journeyRun = UUID()
        try store.startRun(id: journeyRun, studyID: "s1", taskID: "mood", at: T.at(5))
        try store.finishRun(FinishedRun(result: StoreFixtures.result(runID: journeyRun), finishedAt: T.at(6)))
        let scope = try KioskFixtures.begin(store, policy: .keep, at: 10)
        let sent = UUID(), half = UUID()
        try scope.startRun(id: sent, taskID: "mood", at: T.at(10))
        try store.finishRun(FinishedRun(result: StoreFixtures.result(runID: sent), finishedAt: T.at(20)))
        try scope.startRun(id: half, taskID: "mood", at: T.at(30))
        try store.finishRun(FinishedRun(result: StoreFixtures.result(runID: half), observations: [["resourceType": "Observation"]],
                                        finishedAt: T.at(40)))
        let items = try store.allOutboxItems()
        let accepted = items.filter { $0.runID == sent || ($0.runID == half && $0.kind == .taskResult) }.map(\.id)
        _ = try store.markAccepted(ids: accepted + items.filter { $0.runID == journeyRun }.map(\.id), at: T.at(50))
        #expect(try store.deleteUploadedKioskResults() == 1)
        #expect(try store.result(runID: sent) == nil)
        #expect(try store.result(runID: half) != nil && store.result(runID: journeyRun) != nil)
        let after = try store.allOutboxItems()
        #expect(after.filter { $0.runID == sent }.allSatisfy { (try? $0.payloadJSON()) == .object([:]) })
        #expect(after.filter { $0.runID == journeyRun }.allSatisfy { (try? $0.payloadJSON()) != .object([:]) })
        #expect(try store.runs(kioskSessionID: try #require(scope.enrollment.kioskSessionID)).count == 2)
        #expect(try store.deleteUploadedKioskResults() == 0)
    }
}

/// A station's `maxDays`: kiosk results stored before the cutoff leave, sent or not (an unsent
/// one is never sent); newer ones and the journey's stay.
@Suite struct KioskMaxDaysTests {
    @Test func kioskResultsBeforeTheCutoffLeaveSentOrNotAndNewerOnesAndTheJourneysStay() throws {
        let store = try StoreFixtures.enrolledStore()
        let journeyRun = UUID()
        try store.startRun(id: journeyRun, studyID: "s1", taskID: "mood", at: T.at(5))
        try store.finishRun(FinishedRun(result: StoreFixtures.result(runID: journeyRun), finishedAt: T.at(6)))
        let oldSent = try KioskFixtures.finishedRun(try KioskFixtures.begin(store, policy: .keep, at: 10), at: 10)
        let oldUnsent = try KioskFixtures.finishedRun(try KioskFixtures.begin(store, policy: .keep, at: 20), at: 20)
        let recent = try KioskFixtures.finishedRun(try KioskFixtures.begin(store, policy: .keep, at: 1000), at: 1000)
        _ = try store.markAccepted(ids: try store.allOutboxItems().filter { $0.runID == oldSent }.map(\.id), at: T.at(100))
        #expect(try store.deleteKioskResults(storedBefore: T.at(500)) == 2)
        #expect(try store.result(runID: oldSent) == nil && store.result(runID: oldUnsent) == nil)
        #expect(try store.result(runID: recent) != nil && store.result(runID: journeyRun) != nil)
        #expect(try store.pendingKioskOutbox(now: nil, limit: 10).map(\.runID) == [recent])
        #expect(try store.allOutboxItems().filter { $0.runID == oldSent }.allSatisfy { (try? $0.payloadJSON()) == .object([:]) })
        #expect(try store.allOutboxItems().contains { $0.runID == journeyRun })
        #expect(try store.deleteKioskResults(storedBefore: T.at(500)) == 0)
    }
}
