import Foundation
import StudyCore
import StudyStore
import StudyTUI
import Testing
@testable import StudyTermKit

/// A registration the server accepted always finishes on the next start.
@Suite struct RegistrationRecoveryTests {
    @Test func credentialsKeptWithoutAnEnrollmentAreEnrolledAtTheNextStartWithoutTheToken() throws {
        let store = try StudyStore.inMemory()
        let agreed = Date(timeIntervalSince1970: 1_800_000_000)
        _ = try store.recordConsent(ConsentRecord(studyID: "sleep-study", definitionVersion: "3", text: "I agree.", agreedAt: agreed))
        try store.saveCredential(ServerCredential(participantID: "P-7KMR2XWD", studyID: "sleep-study", baseURL: "https://studies.example.org",
                                                  apiKey: "key", savedAt: agreed.addingTimeInterval(1)))
        let services = LiveJourneyServices.make(store: store, server: LocalStudyServer(demoFolder: nil, loader: StudyDefinitionLoader(taskLoader: TaskSource.loader())),
                                                location: DataLocation(folder: FileManager.default.temporaryDirectory))
        let membership = try #require(try services.loadMembership())
        #expect(membership.participantID == "P-7KMR2XWD" && membership.address == "https://studies.example.org")
        #expect(membership.studyVersion == "3" && membership.enrolledAt == agreed && membership.token == nil)
        #expect(try store.allEnrollments().count == 1)
        #expect(try services.loadMembership()?.participantID == "P-7KMR2XWD", "read again, not enrolled twice")
        #expect(try store.allEnrollments().count == 1)
    }

    @Test func aWithdrawnParticipantIsNotEnrolledAgain() throws {
        let store = try StudyStore.inMemory()
        let agreed = Date(timeIntervalSince1970: 1_800_000_000)
        _ = try store.recordConsent(ConsentRecord(studyID: "sleep-study", definitionVersion: "3", text: "I agree.", agreedAt: agreed))
        try store.saveCredential(ServerCredential(participantID: "P-1", studyID: "sleep-study", baseURL: "https://studies.example.org",
                                                  apiKey: "key", savedAt: agreed))
        _ = try store.enroll(Enrollment(studyID: "sleep-study", studyVersion: "3", participantID: "P-1", enrolledAt: agreed))
        _ = try store.withdraw(studyID: "sleep-study", at: agreed.addingTimeInterval(60))
        #expect(try RegistrationRecovery.recover(store) == nil)
    }
}
