import Foundation
import StudyCore
import StudyStore
import StudyTestSupport
import StudyTUI
import Testing
@testable import StudyTermKit

/// The journey's live services over an in-memory store and the embedded server: every journey
/// step writes what the store defines, in the order the journey needs.
@Suite struct LiveJourneyServicesTests {
    let store: StudyStore
    let services: JourneyServices
    let folder: TemporaryDirectory

    init() throws {
        store = try StudyStore.inMemory()
        folder = try TemporaryDirectory()
        let server = LocalStudyServer(demoFolder: RepositoryResources.folder.appendingPathComponent("demo-study"),
                                      loader: StudyDefinitionLoader(taskLoader: TaskSource.loader()))
        services = LiveJourneyServices.make(store: store, server: server, location: DataLocation(folder: folder.url.appendingPathComponent("data")))
    }

    func joinDemo() async throws -> StudySession {
        let invitation = try await services.server.lookUp(.demo)
        return try await services.join(invitation)
    }

    @Test func joiningRecordsTheConsentThenTheEnrollmentWithAParticipant() async throws {
        let session = try await joinDemo()
        let enrollment = try #require(try store.currentEnrollment())
        #expect(enrollment.studyID == session.studyID)
        #expect(enrollment.participantID != nil)
        #expect(try store.latestConsent(studyID: session.studyID)?.definitionVersion == session.definition.version)
        #expect(try services.consentCovers(ConsentAgreement(definition: session.definition, agreedAt: Date())))
        // Opening again finds the same study, its consent current.
        let (reopened, updatedFrom) = try await services.openSession()
        #expect(reopened?.studyID == session.studyID)
        #expect(reopened?.consentIsCurrent == true)
        #expect(updatedFrom == nil)
    }

    @Test func messagesAreDeliveredOnceAndMarkedRead() async throws {
        _ = try await joinDemo()
        let message = InboxMessage(id: "m1", kind: .message, title: "Hello", body: "Welcome.", createdAt: Date(), readAt: nil)
        #expect(try services.deliver([message]).map(\.id) == ["m1"])
        #expect(try services.deliver([message]).isEmpty)
        try services.markRead("m1", Date())
        #expect(try services.loadInbox().first?.readAt != nil)
    }

    @Test func anExportFolderIsMadeOnlyWhenAskedAndOnlyItsLastPart() async throws {
        let session = try await joinDemo()
        let typo = folder.url.appendingPathComponent("Dokuments")
        #expect(throws: JourneyFailure.folderMissing(typo.path)) { try services.exportData(session.studyID, typo.path, false) }
        #expect(!FileManager.default.fileExists(atPath: typo.path), "nothing is made before the participant says so")
        let said = try services.exportData(session.studyID, typo.path, true)
        #expect(said.hasPrefix("Exported 0 results to \(typo.path)/studyterm-export-"))
        let deep = folder.url.appendingPathComponent("no/such/place")
        do {
            _ = try services.exportData(session.studyID, deep.path, true)
            Issue.record("a folder whose parents are missing was made")
        } catch {
            #expect("\(error)".contains("the folder \(folder.url.appendingPathComponent("no").path) does not exist"), "\(error)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("no").path), "no parent folder is made")
    }

    @Test func leavingKeepsTheDataAndEndsTheEnrollment() async throws {
        let session = try await joinDemo()
        let paragraphs = try await services.leave(session, exportTo: nil)
        #expect(paragraphs.first == "You left \(session.definition.title). Your answers stay on this computer.")
        #expect(try store.currentEnrollment() == nil)
        #expect(try store.latestConsent(studyID: session.studyID) != nil)
        #expect(try services.loadMembership() == nil)
    }

    @Test func theDashboardFactsCountNothingBeforeTheFirstTask() async throws {
        let session = try await joinDemo()
        let facts = try services.loadFacts(session.studyID, Date(timeIntervalSinceNow: -86_400))
        #expect(facts.openRuns.isEmpty)
        #expect(facts.progress.completedCounts.values.allSatisfy { $0 == 0 })
        #expect(facts.unreadCount == 0)
    }
}
