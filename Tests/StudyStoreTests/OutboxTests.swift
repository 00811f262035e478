import Foundation
import StudyCore
import Testing
@testable import StudyStore

@Suite struct OutboxTests {
    /// A store with two finished runs: two pending task-result items, the first one older.
    private func storeWithTwoItems() throws -> (StudyStore, [OutboxItem]) {
        let store = try StudyStore.inMemory()
        var items: [OutboxItem] = []
        for (offset, id) in [UUID(), UUID()].enumerated() {
            try store.startRun(id: id, studyID: "s1", taskID: "t", at: T.at(Double(offset)))
            let receipt = try store.finishRun(FinishedRun(result: StoreFixtures.result(runID: id), finishedAt: T.at(Double(10 + offset))))
            items += receipt.outboxItems
        }
        return (store, items)
    }

    @Test func listsPendingItemsOldestFirstUntilAServerAcceptsThem() throws {
        let (store, items) = try storeWithTwoItems()
        #expect(try store.pendingOutbox(now: T.at(20)).map(\.id) == items.map(\.id))
        #expect(try store.markAccepted(ids: [items[0].id, UUID()], at: T.at(30)) == 1)
        #expect(try store.pendingOutbox(now: T.at(30)).map(\.id) == [items[1].id])
        #expect(try store.pendingOutboxCount() == 1)
        #expect(try store.markAccepted(ids: [items[0].id], at: T.at(40)) == 0, "accepting again changes nothing")
        let all = try store.allOutboxItems()
        #expect(all.count == 2 && all[0].acceptedAt == T.at(30), "accepted items are kept as a record")
    }

    @Test func aFailedSendCountsTheAttemptAndWaitsForItsRetryTime() throws {
        let (store, items) = try storeWithTwoItems()
        try store.recordFailure(id: items[0].id, error: "HTTP 503", at: T.at(20), retryAt: T.at(80))
        #expect(try store.pendingOutbox(now: T.at(21)).map(\.id) == [items[1].id])
        let due = try store.pendingOutbox(now: T.at(80))
        #expect(due.map(\.id) == items.map(\.id))
        #expect(due[0].attempts == 1 && due[0].lastError == "HTTP 503" && due[0].lastAttemptAt == T.at(20))
        #expect(try store.pendingOutboxCount() == 2, "an item waiting for its retry is still pending")
    }

    @Test func aResendCarriesTheSameClientMadeID() throws {
        let (store, items) = try storeWithTwoItems()
        try store.recordFailure(id: items[0].id, error: "timeout", at: T.at(20), retryAt: nil)
        #expect(try store.pendingOutbox(now: T.at(21)).first?.id == items[0].id)
    }

    @Test func limitsHowManyItemsOneBatchTakes() throws {
        let (store, items) = try storeWithTwoItems()
        #expect(try store.pendingOutbox(now: T.at(20), limit: 1).map(\.id) == [items[0].id])
    }
}
