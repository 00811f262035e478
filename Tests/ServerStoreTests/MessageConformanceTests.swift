import Foundation
import ServerStore
import Testing

/// Inbox messages and their acknowledgement, on every engine.
@Suite struct MessageConformanceTests {
    @Test(arguments: StoreEngine.available)
    func aMessageToOneParticipantReachesOnlyThem(_ engine: StoreEngine) async throws {
        let store = try await Fixtures.twoParticipants(engine)
        #expect(try await store.sendMessage("Hello A", to: .participant("P-A"), at: Fixtures.at(10)) == ["P-A"])
        #expect(try await store.unacknowledgedMessages(participantID: "P-A").map(\.text) == ["Hello A"])
        #expect(try await store.unacknowledgedMessages(participantID: "P-B").isEmpty)
        #expect(try await store.sendMessage("?", to: .participant("P-X"), at: Fixtures.at(10)) == [])
        await store.close()
    }

    @Test(arguments: StoreEngine.available)
    func aMessageToEveryoneSkipsWhoWithdrew(_ engine: StoreEngine) async throws {
        let store = try await Fixtures.twoParticipants(engine)
        _ = try await store.withdraw(participantID: "P-B", at: Fixtures.at(5))
        #expect(try await store.sendMessage("All", to: .everyone, at: Fixtures.at(10)) == ["P-A"])
        await store.close()
    }

    @Test(arguments: StoreEngine.available)
    func onlyTheRecipientCanAcknowledgeAndAgainIsFine(_ engine: StoreEngine) async throws {
        let store = try await Fixtures.twoParticipants(engine)
        _ = try await store.sendMessage("One", to: .participant("P-A"), at: Fixtures.at(10))
        _ = try await store.sendMessage("Two", to: .participant("P-A"), at: Fixtures.at(20))
        let inbox = try await store.unacknowledgedMessages(participantID: "P-A")
        #expect(inbox.map(\.text) == ["One", "Two"] && inbox.map(\.sentAt) == [Fixtures.at(10), Fixtures.at(20)])
        #expect(try await store.acknowledgeMessage(inbox[0].id, participantID: "P-B", at: Fixtures.at(30)) == false)
        #expect(try await store.acknowledgeMessage(UUID(), participantID: "P-A", at: Fixtures.at(30)) == false)
        #expect(try await store.acknowledgeMessage(inbox[0].id, participantID: "P-A", at: Fixtures.at(30)))
        #expect(try await store.acknowledgeMessage(inbox[0].id, participantID: "P-A", at: Fixtures.at(40)))
        #expect(try await store.unacknowledgedMessages(participantID: "P-A").map(\.text) == ["Two"])
        await store.close()
    }
}
