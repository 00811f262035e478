import Foundation
import StudyCore
import Testing
@testable import StudyStore

@Suite struct EnrollmentTests {
    @Test func enrollsOnceAndRefusesASecondCurrentEnrollmentInTheSameStudy() throws {
        let store = try StoreFixtures.enrolledStore()
        let current = try #require(try store.currentEnrollment(studyID: "s1"))
        #expect(current.id != nil)
        #expect(current.participantID == "P-12")
        #expect(current.enrolledAt == T.at(0))
        #expect(throws: StoreError.alreadyEnrolled(studyID: "s1")) {
            try store.enroll(Enrollment(studyID: "s1", studyVersion: "v8", enrolledAt: T.at(5)))
        }
    }

    @Test func withdrawingRecordsItKeepsEveryResultAndEnqueuesTheWithdrawal() throws {
        let store = try StoreFixtures.enrolledStore()
        let runID = UUID()
        try store.startRun(id: runID, studyID: "s1", taskID: "mood", at: T.at(100))
        try store.finishRun(FinishedRun(result: StoreFixtures.result(runID: runID), finishedAt: T.at(160)))
        let open = UUID()
        try store.startRun(id: open, studyID: "s1", taskID: "mood", at: T.at(200))
        try store.saveSnapshot(runID: open, data: StoreFixtures.snapshot(step: "feeling", answers: 1), stepPath: "feeling", at: T.at(210))

        let item = try store.withdraw(studyID: "s1", at: T.at(300), reason: "moving away")

        #expect(try store.currentEnrollment(studyID: "s1") == nil)
        let all = try store.allEnrollments()
        #expect(all.count == 1 && all[0].withdrawnAt == T.at(300) && all[0].withdrawalReason == "moving away")
        #expect(item.kind == .withdrawal && item.runID == nil)
        let payload = try item.payloadJSON()
        #expect(payload["studyId"] == "s1" && payload["participantId"] == "P-12" && payload["reason"] == "moving away")
        #expect(try store.pendingOutbox(now: T.at(300)).map(\.kind) == [.taskResult, .withdrawal])
        #expect(try store.result(runID: runID) != nil)
        #expect(try store.snapshot(runID: open) != nil)
    }

    @Test func withdrawingWithoutAnEnrollmentIsReported() throws {
        let store = try StudyStore.inMemory()
        #expect(throws: StoreError.notEnrolled(studyID: "s1")) { try store.withdraw(studyID: "s1", at: T.at(0)) }
    }

    @Test func reloadingTheDefinitionUpdatesTheVersionAndDeletesNothing() throws {
        let store = try StoreFixtures.enrolledStore()
        let runID = UUID()
        try store.startRun(id: runID, studyID: "s1", taskID: "mood", at: T.at(100))
        try store.saveSnapshot(runID: runID, data: StoreFixtures.snapshot(step: "score", answers: 2), stepPath: "score", at: T.at(110))
        try store.updateStudyVersion(studyID: "s1", to: "v8")
        #expect(try store.currentEnrollment(studyID: "s1")?.studyVersion == "v8")
        #expect(try store.latestOpenRun(studyID: "s1")?.snapshot?.stepPath == "score")
    }

    @Test func recordsTheSHA256OfTheExactConsentText() throws {
        let store = try StoreFixtures.enrolledStore()
        try store.recordConsent(ConsentRecord(studyID: "s1", definitionVersion: "v6", text: "old", agreedAt: T.at(1)))
        let stored = try store.recordConsent(ConsentRecord(studyID: "s1", definitionVersion: "v7", text: "abc", agreedAt: T.at(2)))
        #expect(stored.id != nil)
        let latest = try #require(try store.latestConsent(studyID: "s1"))
        #expect(latest.definitionVersion == "v7")
        #expect(latest.textSHA256 == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func aConsentCoversOnlyTheTextItWasGivenTo() throws {
        let store = try StoreFixtures.enrolledStore()
        #expect(try !store.consentCovers(studyID: "s1", text: "abc"))
        try store.recordConsent(ConsentRecord(studyID: "s1", definitionVersion: "v6", text: "abc", agreedAt: T.at(1)))
        #expect(try store.consentCovers(studyID: "s1", text: "abc"))
        #expect(try !store.consentCovers(studyID: "s1", text: "abc "))
        #expect(try !store.consentCovers(studyID: "s2", text: "abc"))
        try store.recordConsent(ConsentRecord(studyID: "s1", definitionVersion: "v7", text: "new", agreedAt: T.at(2)))
        #expect(try !store.consentCovers(studyID: "s1", text: "abc"))
        #expect(try store.consentCovers(studyID: "s1", text: "new"))
    }
}
