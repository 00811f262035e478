import Foundation
import StudyCore
import Testing
@testable import StudyStore

/// The language a kiosk participant chose is stored with their responses (each result's and
/// outbox item's metadata) and with their consent; the journey's rows carry none.
@Suite struct KioskLanguageTests {
    @Test func aKioskSessionsResultAndOutboxMetadataCarryItsLanguage() throws {
        let store = try StudyStore.inMemory()
        let scope = try KioskFixtures.begin(store, policy: .keep)
        let runID = try KioskFixtures.finishedRun(scope, at: 0)
        let metadata = try #require(try store.result(runID: runID)?.metadata)
        #expect(metadata.contains(#""language":"de""#))
        let outbox = try store.database.read("read") { db in try String.fetchAll(db, sql: "SELECT metadata FROM outbox") }
        #expect(!outbox.isEmpty && outbox.allSatisfy { $0.contains(#""language":"de""#) })
    }

    @Test func aJourneyResultCarriesNoLanguage() throws {
        let store = try StudyStore.inMemory()
        let runID = UUID()
        try store.startRun(id: runID, studyID: "s1", taskID: "mood", at: T.at(0))
        try store.finishRun(FinishedRun(result: StoreFixtures.result(runID: runID), finishedAt: T.at(60)))
        #expect(try store.result(runID: runID)?.metadata.contains("language") == false)
    }

    @Test func aConsentIsStoredWithItsLanguageAndReadBack() throws {
        let store = try StudyStore.inMemory()
        let scope = try KioskFixtures.begin(store, policy: .keep)
        try scope.recordConsent(ConsentRecord(studyID: "s1", definitionVersion: "v7", text: "Agreed.", agreedAt: T.at(5), language: "de"))
        let consent = try #require(try scope.latestConsent())
        #expect(consent.language == "de" && consent.enrollmentID == scope.enrollmentID)
        #expect(try store.database.read("read") { db in try String.fetchOne(db, sql: "SELECT language FROM consent") } == "de")
    }
}
