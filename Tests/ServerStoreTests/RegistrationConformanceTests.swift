import Foundation
import ServerStore
import Testing

/// Tokens, registration, credentials and withdrawal, on every engine.
@Suite struct RegistrationConformanceTests {
    @Test(arguments: StoreEngine.available)
    func aTokenRegistersOneParticipantOnce(_ engine: StoreEngine) async throws {
        let store = try await engine.makeStore()
        try await store.addTokens(sha256: ["t1", "t2"], at: Fixtures.at(0))
        #expect(try await store.tokenIsOpen(sha256: "t1"))
        #expect(try await store.register(Fixtures.participant("P-1", token: "t1")))
        #expect(try await store.tokenIsOpen(sha256: "t1") == false)
        #expect(try await store.register(Fixtures.participant("P-2", token: "t1")) == false)
        #expect(try await store.tokenCounts() == TokenCounts(open: 1, redeemed: 1))
        #expect(try await store.participantSummaries().map(\.id) == ["P-1"])
        await store.close()
    }

    @Test(arguments: StoreEngine.available)
    func anUnknownTokenRegistersNobody(_ engine: StoreEngine) async throws {
        let store = try await engine.makeStore()
        #expect(try await store.tokenIsOpen(sha256: "nope") == false)
        #expect(try await store.register(Fixtures.participant("P-1", token: "nope")) == false)
        #expect(try await store.participantSummaries().isEmpty)
        await store.close()
    }

    @Test(arguments: StoreEngine.available)
    func concurrentRegistrationsWithOneTokenCreateOneParticipant(_ engine: StoreEngine) async throws {
        let store = try await engine.makeStore()
        try await store.addTokens(sha256: ["t1"], at: Fixtures.at(0))
        let wins = try await withThrowingTaskGroup(of: Bool.self) { group in
            for i in 0..<8 { group.addTask { try await store.register(Fixtures.participant("P-\(i)", token: "t1")) } }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(wins == 1)
        #expect(try await store.participantSummaries().count == 1)
        await store.close()
    }

    @Test(arguments: StoreEngine.available)
    func addingAnExistingTokenAgainLeavesItAsItIs(_ engine: StoreEngine) async throws {
        let store = try await engine.makeStore()
        try await store.addTokens(sha256: ["t1"], at: Fixtures.at(0))
        _ = try await store.register(Fixtures.participant("P-1", token: "t1"))
        try await store.addTokens(sha256: ["t1"], at: Fixtures.at(9))
        #expect(try await store.tokenIsOpen(sha256: "t1") == false)
        await store.close()
    }

    @Test(arguments: StoreEngine.available)
    func authenticationChecksTheKeyHashAndRecordsTheContact(_ engine: StoreEngine) async throws {
        let store = try await Fixtures.twoParticipants(engine)
        #expect(try await store.authenticate(participantID: "P-A", keySHA256: "kb", at: Fixtures.at(50)) == nil)
        #expect(try await store.authenticate(participantID: "P-X", keySHA256: "ka", at: Fixtures.at(50)) == nil)
        #expect(try await store.participantSummaries().first?.lastContactAt == nil)
        #expect(try await store.authenticate(participantID: "P-A", keySHA256: "ka", at: Fixtures.at(60))
                == ParticipantAccess(participantID: "P-A", withdrawnAt: nil))
        let a = try #require(try await store.participantSummaries().first)
        #expect(a.lastContactAt == Fixtures.at(60) && a.consentVersion == "c1" && a.consentAgreedAt == Fixtures.at(-4))
        await store.close()
    }

    @Test(arguments: StoreEngine.available)
    func aWithdrawalIsRecordedOnceAndARepeatKeepsTheFirstTime(_ engine: StoreEngine) async throws {
        let store = try await Fixtures.twoParticipants(engine)
        #expect(try await store.withdraw(participantID: "P-A", at: Fixtures.at(100)))
        #expect(try await store.withdraw(participantID: "P-A", at: Fixtures.at(200)))
        #expect(try await store.withdraw(participantID: "P-X", at: Fixtures.at(200)) == false)
        #expect(try await store.authenticate(participantID: "P-A", keySHA256: "ka", at: Fixtures.at(300))?.withdrawnAt == Fixtures.at(100))
        #expect(try await store.participantSummaries().map(\.withdrawnAt) == [Fixtures.at(100), nil])
        await store.close()
    }
}
