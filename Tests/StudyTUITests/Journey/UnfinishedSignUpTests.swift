import Foundation
import StudyCore
@testable import StudyTUI
import TUIKit
import Testing

/// A registration the server accepted always finishes: the enrollment is stored before the study
/// is fetched, a study that cannot be fetched says why (never only "No tasks to show."), and it
/// is fetched again by itself.
@Suite struct UnfinishedSignUpTests {
    /// A server that registers with the study's summary only, and fails its first `failures` fetches.
    final class FlakyServer: StudyServer, @unchecked Sendable {
        private let lock = NSLock()
        private var failures: Int
        let definition: StudyDefinition

        init(failures: Int, definition: StudyDefinition) {
            self.failures = failures
            self.definition = definition
        }

        func lookUp(_ request: SignUpRequest) async throws(SignUpError) -> StudyInvitation {
            var summary = definition
            summary.tasks = []
            return StudyInvitation(definition: summary, address: "https://studies.example.org", token: "ABCD2345")
        }

        func register(_ invitation: StudyInvitation, consent: ConsentAgreement) async throws(SignUpError) -> StudyRegistration {
            StudyRegistration(participantID: "P-1", definition: invitation.definition, awaitsDefinition: true)
        }

        func fetchDefinition(for membership: StudyMembership) async throws(StudyFetchError) -> StudyDefinition {
            let fail = lock.withLock { () -> Bool in
                defer { failures -= 1 }
                return failures > 0
            }
            if fail { throw .unreachable(address: "https://studies.example.org", reason: "The study server failed (HTTP 500): boom") }
            return definition
        }

        func withdraw(_ membership: StudyMembership) async throws(WithdrawalError) {}
    }

    @Test func aFetchThatFailsAfterRegistrationKeepsTheEnrollmentAndSaysWhy() async throws {
        let demo = try JourneyFixture.demo()
        let store = FakeJourneyStore(now: JourneyFixture.now)
        let server = FlakyServer(failures: 1, definition: demo)
        let services = store.services(server: server)
        let invitation = try await server.lookUp(SignUpRequest(address: "https://studies.example.org", token: "ABCD2345"))
        let session = try await services.join(invitation)
        #expect(store.membership != nil, "enrolled before the study was fetched")
        #expect(session.awaitingTasks && session.fetchProblem?.contains("HTTP 500") == true)
        let fetched = try await services.reload(session)
        #expect(!fetched.awaitingTasks && fetched.fetchProblem == nil)
        #expect(fetched.definition.tasks.count == demo.tasks.count)
    }

    @Test func joiningOnTheFullScreenNeverWaitsForTheStudyToArrive() async throws {
        let demo = try JourneyFixture.demo()
        let store = FakeJourneyStore(now: JourneyFixture.now)
        let server = FlakyServer(failures: 5, definition: demo)
        let invitation = try await server.lookUp(SignUpRequest(address: "https://studies.example.org", token: "ABCD2345"))
        let session = try await store.services(server: server).join(invitation, fetchingNow: false)
        #expect(session.awaitingTasks && session.fetchProblem == nil && store.membership != nil)
    }

    @Test func aStudyThatCannotBeFetchedAtStartSaysWhyAndArrivesOnALaterRound() throws {
        let demo = try JourneyFixture.demo()
        let store = FakeJourneyStore(now: JourneyFixture.now, membership: StudyMembership(
            studyID: demo.identifier, studyVersion: demo.version, participantID: "P-1", address: "https://studies.example.org",
            enrolledAt: JourneyFixture.now), consents: [ConsentAgreement(definition: demo, agreedAt: JourneyFixture.now)])
        store.syncStatus = SyncStatus(waiting: 0)
        // The start and the first round's check fail; the next round's check succeeds.
        let server = FlakyServer(failures: 2, definition: demo)
        let (early, shown) = JourneyFixture.run(store, server: server, script: [.realTime(.milliseconds(300))])
        let text = JourneyFixture.screen(shown).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("could not be fetched yet") && text.contains("HTTP 500") && text.contains("tries again"), "\(text)")
        #expect(!text.contains("No tasks to show."))
        #expect(early.session?.awaitingTasks == true)
        let later = FlakyServer(failures: 2, definition: demo)
        let (program, _) = JourneyFixture.run(store, server: later, script: [.realTime(.milliseconds(300)), .wait(.seconds(60)),
                                                                            .realTime(.milliseconds(300))])
        #expect(program.session?.awaitingTasks == false)
        #expect(program.session?.definition.tasks.count == demo.tasks.count)
        #expect(program.notice?.text.contains("tasks have arrived") == true, "\(String(describing: program.notice))")
    }
}
