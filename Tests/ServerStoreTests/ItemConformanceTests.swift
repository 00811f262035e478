import Foundation
import ServerStore
import Testing

/// Result items: upserts keyed by participant and item id, on every engine.
@Suite struct ItemConformanceTests {
    @Test(arguments: StoreEngine.available)
    func aReplayOverwritesInsteadOfDuplicating(_ engine: StoreEngine) async throws {
        let store = try await Fixtures.twoParticipants(engine)
        #expect(try await store.storeItems([Fixtures.item(1), Fixtures.item(2)], participantID: "P-A", at: Fixtures.at(10))
                == [Fixtures.uuid(1), Fixtures.uuid(2)])
        #expect(try await store.storeItems([Fixtures.item(2, answer: "b"), Fixtures.item(3)], participantID: "P-A", at: Fixtures.at(20))
                == [Fixtures.uuid(2), Fixtures.uuid(3)])
        let stored = try await store.storedItems(participantID: "P-A")
        #expect(stored.map(\.item.id) == [Fixtures.uuid(1), Fixtures.uuid(2), Fixtures.uuid(3)])
        let second = try #require(stored.first { $0.item.id == Fixtures.uuid(2) })
        #expect(second.item.payload == "{\"answer\":\"b\"}" && second.receivedAt == Fixtures.at(10) && second.updatedAt == Fixtures.at(20))
        await store.close()
    }

    @Test(arguments: StoreEngine.available)
    func aRepeatedIDInOneBatchIsStoredOnceWithItsLastValue(_ engine: StoreEngine) async throws {
        let store = try await Fixtures.twoParticipants(engine)
        let ids = try await store.storeItems([Fixtures.item(1, answer: "x"), Fixtures.item(1, answer: "y")], participantID: "P-A", at: Fixtures.at(10))
        #expect(ids == [Fixtures.uuid(1)])
        #expect(try await store.storedItems(participantID: "P-A").map(\.item.payload) == ["{\"answer\":\"y\"}"])
        await store.close()
    }

    @Test(arguments: StoreEngine.available)
    func participantsWithTheSameItemIDKeepTheirOwnItems(_ engine: StoreEngine) async throws {
        let store = try await Fixtures.twoParticipants(engine)
        _ = try await store.storeItems([Fixtures.item(1, answer: "from A")], participantID: "P-A", at: Fixtures.at(10))
        _ = try await store.storeItems([Fixtures.item(1, answer: "from B")], participantID: "P-B", at: Fixtures.at(11))
        #expect(try await store.storedItems(participantID: "P-A").map(\.item.payload) == ["{\"answer\":\"from A\"}"])
        #expect(try await store.storedItems(participantID: "P-B").map(\.item.payload) == ["{\"answer\":\"from B\"}"])
        #expect(try await store.storedItems(participantID: nil).map(\.participantID) == ["P-A", "P-B"])
        await store.close()
    }

    @Test(arguments: StoreEngine.available)
    func summariesCountTaskResultsAndEveryItem(_ engine: StoreEngine) async throws {
        let store = try await Fixtures.twoParticipants(engine)
        _ = try await store.storeItems([Fixtures.item(1), Fixtures.item(2, kind: .questionnaireResponse), Fixtures.item(3, kind: .observation)],
                                       participantID: "P-A", at: Fixtures.at(10))
        let summaries = try await store.participantSummaries()
        #expect(summaries.map(\.resultCount) == [1, 0] && summaries.map(\.itemCount) == [3, 0])
        await store.close()
    }

    @Test(arguments: StoreEngine.available)
    func anEmptyBatchStoresNothing(_ engine: StoreEngine) async throws {
        let store = try await Fixtures.twoParticipants(engine)
        #expect(try await store.storeItems([], participantID: "P-A", at: Fixtures.at(10)) == [])
        #expect(try await store.storedItems(participantID: nil).isEmpty)
        await store.close()
    }
}
