import Foundation
import ServerStore
import Testing

/// Result items, on every engine: first write wins per participant and item id, and a run UUID
/// belongs to the participant who stored an item under it first.
@Suite struct ItemConformanceTests {
    @Test(arguments: StoreEngine.available)
    func aReplayWithTheSameContentIsAcknowledgedAndChangesNothing(_ engine: StoreEngine) async throws {
        let store = try await Fixtures.twoParticipants(engine)
        #expect(try await store.storeItems([Fixtures.item(1), Fixtures.item(2)], participantID: "P-A", at: Fixtures.at(10))
                == .stored([Fixtures.uuid(1), Fixtures.uuid(2)]))
        #expect(try await store.storeItems([Fixtures.item(2), Fixtures.item(3)], participantID: "P-A", at: Fixtures.at(20))
                == .stored([Fixtures.uuid(2), Fixtures.uuid(3)]))
        let stored = try await store.storedItems(participantID: "P-A")
        #expect(stored.map(\.item.id) == [Fixtures.uuid(1), Fixtures.uuid(2), Fixtures.uuid(3)])
        #expect(stored.map(\.item) == [Fixtures.item(1), Fixtures.item(2), Fixtures.item(3)])
        let second = try #require(stored.first { $0.item.id == Fixtures.uuid(2) })
        #expect(second.receivedAt == Fixtures.at(10) && second.updatedAt == Fixtures.at(10))
        await store.close()
    }

    @Test(arguments: StoreEngine.available)
    func otherContentForAStoredIDIsRefusedAndTheBatchStoresNothing(_ engine: StoreEngine) async throws {
        let store = try await Fixtures.twoParticipants(engine)
        _ = try await store.storeItems([Fixtures.item(1), Fixtures.item(2)], participantID: "P-A", at: Fixtures.at(10))
        #expect(try await store.storeItems([Fixtures.item(3), Fixtures.item(4), Fixtures.item(2, answer: "b")], participantID: "P-A",
                                           at: Fixtures.at(20)) == .refused(index: 2, .changedContent))
        #expect(try await store.storedItems(participantID: "P-A").map(\.item) == [Fixtures.item(1), Fixtures.item(2)])
        // The same id in another kind or run is other content too.
        #expect(try await store.storeItems([Fixtures.item(1, kind: .observation)], participantID: "P-A", at: Fixtures.at(30))
                == .refused(index: 0, .changedContent))
        #expect(try await store.storeItems([Fixtures.item(1, run: 1002)], participantID: "P-A", at: Fixtures.at(30))
                == .refused(index: 0, .changedContent))
        await store.close()
    }

    @Test(arguments: StoreEngine.available)
    func aRepeatedIDInOneBatchIsStoredOnceAndOtherContentUnderItIsRefused(_ engine: StoreEngine) async throws {
        let store = try await Fixtures.twoParticipants(engine)
        #expect(try await store.storeItems([Fixtures.item(1), Fixtures.item(1)], participantID: "P-A", at: Fixtures.at(10)) == .stored([Fixtures.uuid(1)]))
        #expect(try await store.storeItems([Fixtures.item(5, answer: "x"), Fixtures.item(5, answer: "y")], participantID: "P-A", at: Fixtures.at(10))
                == .refused(index: 1, .changedContent))
        #expect(try await store.storedItems(participantID: "P-A").map(\.item) == [Fixtures.item(1)])
        await store.close()
    }

    @Test(arguments: StoreEngine.available)
    func aRunBelongsToTheParticipantWhoStoredUnderItFirst(_ engine: StoreEngine) async throws {
        let store = try await Fixtures.twoParticipants(engine)
        #expect(try await store.storeItems([Fixtures.item(1, run: 7), Fixtures.item(2, kind: .questionnaireResponse, run: 7)],
                                           participantID: "P-A", at: Fixtures.at(10)) == .stored([Fixtures.uuid(1), Fixtures.uuid(2)]))
        #expect(try await store.storeItems([Fixtures.item(3, run: 8), Fixtures.item(4, run: 7)], participantID: "P-B", at: Fixtures.at(11))
                == .refused(index: 1, .runOfAnotherParticipant))
        #expect(try await store.storedItems(participantID: "P-B").isEmpty)
        // The owner adds to its run later; the other participant's own runs are theirs.
        #expect(try await store.storeItems([Fixtures.item(5, kind: .observation, run: 7)], participantID: "P-A", at: Fixtures.at(12))
                == .stored([Fixtures.uuid(5)]))
        #expect(try await store.storeItems([Fixtures.item(3, run: 8)], participantID: "P-B", at: Fixtures.at(13)) == .stored([Fixtures.uuid(3)]))
        #expect(try await store.storeItems([Fixtures.item(6, run: 8)], participantID: "P-A", at: Fixtures.at(14))
                == .refused(index: 0, .runOfAnotherParticipant))
        await store.close()
    }

    @Test(arguments: StoreEngine.available)
    func twoParticipantsRacingForOneNewRunLeaveItWithOne(_ engine: StoreEngine) async throws {
        let store = try await Fixtures.twoParticipants(engine)
        for round in 0..<20 {
            let run = 5000 + round
            async let a = store.storeItems([Fixtures.item(100 + round, run: run)], participantID: "P-A", at: Fixtures.at(10))
            async let b = store.storeItems([Fixtures.item(200 + round, run: run)], participantID: "P-B", at: Fixtures.at(10))
            let outcomes = try await [a, b]
            #expect(outcomes.filter { $0 == .refused(index: 0, .runOfAnotherParticipant) }.count == 1, "round \(round): \(outcomes)")
        }
        let owners = Dictionary(grouping: try await store.storedItems(participantID: nil), by: \.item.runID).mapValues { Set($0.map(\.participantID)) }
        #expect(owners.count == 20 && owners.values.allSatisfy { $0.count == 1 })
        await store.close()
    }

    @Test(arguments: StoreEngine.available)
    func participantsWithTheSameItemIDKeepTheirOwnItems(_ engine: StoreEngine) async throws {
        let store = try await Fixtures.twoParticipants(engine)
        _ = try await store.storeItems([Fixtures.item(1, answer: "from A", run: 11)], participantID: "P-A", at: Fixtures.at(10))
        _ = try await store.storeItems([Fixtures.item(1, answer: "from B", run: 12)], participantID: "P-B", at: Fixtures.at(11))
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
        #expect(try await store.storeItems([], participantID: "P-A", at: Fixtures.at(10)) == .stored([]))
        #expect(try await store.storedItems(participantID: nil).isEmpty)
        await store.close()
    }
}
