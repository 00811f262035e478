import Foundation
import ServerStore
import StudyAPI
import StudyCore
@testable import StudyServerKit
@testable import StudyStore
@testable import StudySync
import StudyTUI
@testable import StudyTermKit
import Testing

/// The participant's client (StudySync and the outbox sender) against a real server on loopback:
/// sign-up by URL and token, sending, parking, backoff, withdrawal, messages and reloads.
@Suite(.serialized) struct ClientSyncTests {
    /// The app side: an in-memory store, a data folder for the study copy, the router and services.
    struct App {
        let store: StudyStore
        let sender: OutboxSender
        let router: StudyServerRouter
        let services: JourneyServicesBox

        init() throws {
            store = try StudyStore.inMemory(appVersion: "9.9")
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("studyterm-client-\(UUID().uuidString)")
            sender = LiveSync.sender(store: store, allowPlainHTTP: false)
            let local = LocalStudyServer(demoFolder: nil, loader: StudyDefinitionLoader(taskLoader: TaskSource.loader()))
            router = LiveSync.server(local: local, store: store, location: DataLocation(folder: folder), sender: sender)
            services = JourneyServicesBox(LiveJourneyServices.make(store: store, server: router, location: DataLocation(folder: folder), sender: sender))
        }

        /// A completed run of `mood`, finished now; returns its run id.
        @discardableResult
        func finishRun(answer: String) throws -> UUID {
            let id = UUID()
            _ = try store.startRun(id: id, studyID: "sleep-study", taskID: "mood", at: Date())
            var root = BranchResult(identifier: "mood", startDate: Date(), endDate: Date())
            root.appendStepHistory(.answer(AnswerResult(identifier: "feeling", startDate: Date(), endDate: Date(),
                                                        answerType: AnswerType(.string), value: .string(answer))), direction: .forward)
            try store.finishRun(FinishedRun(result: TaskResult(root: root, taskRunUUID: id, versionString: "1", finishReason: .completed),
                                            finishedAt: Date()))
            return id
        }
    }

    /// Starts a server with open tokens.
    static func server(tokens: [String] = ["ABCD2345", "EFGH2345"], limits: ServerLimits = ServerLimits()) async throws -> ServerFixture {
        let fixture = try await ServerFixture.start(limits: limits)
        try await fixture.store.addTokens(sha256: tokens.map(Digest.sha256Hex), at: Date())
        return fixture
    }

    /// The server's address as a participant types it.
    static func address(_ fixture: ServerFixture) -> String { "http://127.0.0.1:\(fixture.server.port)/" }

    @Test func aParticipantJoinsByAddressAndTokenAndTheStudyIsKeptForOfflineStarts() async throws {
        let fixture = try await Self.server()
        let app = try App()
        let invitation = try await app.router.lookUp(SignUpRequest(address: Self.address(fixture), token: "abcd-2345"))
        #expect(invitation.definition.title == "Sleep study")
        #expect(invitation.definition.consentTextShown == ServerFixture.consentShown)
        let session = try await app.services.value.join(invitation)
        #expect(session.definition.tasks.map(\.identifier) == ["mood"], "the tasks arrive once registered")
        let participant = try #require(session.membership.participantID)
        let credential = try #require(try app.store.credential(participantID: participant))
        #expect(credential.baseURL == "http://127.0.0.1:\(fixture.server.port)")
        #expect(try await fixture.store.participantSummaries().map(\.id) == [participant])
        await fixture.stop()
        // The server is gone: the journey still opens the study from its copy.
        let (opened, _) = try await app.services.value.openSession()
        #expect(opened?.definition.tasks.map(\.identifier) == ["mood"])
    }

    @Test func aWrongOrUsedTokenIsRefusedAndNothingIsStored() async throws {
        let fixture = try await Self.server(tokens: ["ABCD2345"])
        let app = try App()
        await #expect(throws: SignUpError.tokenNotRecognised) {
            try await app.router.lookUp(SignUpRequest(address: Self.address(fixture), token: "WXYZ2345"))
        }
        let invitation = try await app.router.lookUp(SignUpRequest(address: Self.address(fixture), token: "ABCD2345"))
        _ = try await app.services.value.join(invitation)
        let other = try App()
        await #expect(throws: SignUpError.tokenNotRecognised) {
            try await other.router.lookUp(SignUpRequest(address: Self.address(fixture), token: "ABCD2345"))
        }
        #expect(try other.store.allCredentials().isEmpty)
        await fixture.stop()
    }

    @Test func rapidSignUpAttemptsAreToldToWaitAndAnotherParticipantsKeyIsRefused() async throws {
        // One attempt regained a minute (not the default ten): the 50 attempts need not fit in the
        // six seconds a busy machine may take for them before the first one is regained.
        let fixture = try await Self.server(limits: ServerLimits(registrationsPerMinute: 1))
        let app = try App()
        var refusals: [SignUpError] = []
        for n in 0..<50 {
            do { _ = try await app.router.lookUp(SignUpRequest(address: Self.address(fixture), token: "WXYZ23" + String(Array("ABCDEFGHKL")[n % 10]))) } catch {
                refusals.append(error)
            }
        }
        #expect(refusals.count == 50)
        #expect(refusals.prefix(10).allSatisfy { $0 == .tokenNotRecognised })
        // The wait is the server's own Retry-After (seconds), never a fixed "minute".
        #expect(refusals.dropFirst(10).allSatisfy {
            $0.description.hasPrefix("Too many sign-up attempts from this computer; wait ") && !$0.description.contains("wait a minute")
        }, "\(refusals.last.map(\.description) ?? "")")
        // Credentials that are not the participant's own: every request is refused, nothing is sent.
        let client = StudyAPIClient(address: try ServerAddress(stored: Self.address(fixture), allowPlainHTTP: false), transport: AsyncHTTPTransport())
        let forged = ParticipantCredentials(studyID: "sleep-study", participantID: "P-AAAAAAAA", apiKey: "not-a-key")
        await #expect(throws: SyncError.refused(status: 401, error: APIError(.unauthorized, "Missing or wrong participant credentials."))) {
            try await client.messages(forged)
        }
        await fixture.stop()
    }

    @Test func aStationsCertificateFileThatCannotBeUsedIsNamedInTheFailure() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("studyterm-ca-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("missing.pem").path
        let notPEM = folder.appendingPathComponent("ca.pem").path
        try Data("not a certificate\n".utf8).write(to: URL(fileURLWithPath: notPEM))
        #expect(LiveSync.transport([AsyncHTTPTransport.trustFileVariable: missing]).trustFile == missing)
        #expect(LiveSync.transport([AsyncHTTPTransport.trustFileVariable: ""]).trustFile == nil)
        #expect(LiveSync.transport([:]).trustFile == nil)
        let request = HTTPExchange.Request(method: "GET", url: URL(string: "https://127.0.0.1:9/health")!, headers: [], body: nil)
        for (file, reason) in [(missing, "cannot be read: it does not exist or is not readable"), (notPEM, "holds no PEM certificate")] {
            await #expect {
                _ = try await AsyncHTTPTransport(trustFile: file).send(request)
            } throws: { error in
                let text = (error as? HTTPExchange.Failure)?.reason ?? ""
                return text.contains("the certificate file \(file) (STUDYTERM_CA_FILE)") && text.contains(reason)
            }
        }
    }

    @Test func plainHTTPIsRefusedBeyondThisComputerUnlessTheStationAllowsIt() throws {
        #expect(throws: SignUpError.self) { try ServerAddress(URL(string: "http://studies.example.org")!, allowPlainHTTP: false) }
        #expect(try ServerAddress(URL(string: "http://studies.example.org/x/")!, allowPlainHTTP: true).description == "http://studies.example.org/x")
        #expect(try ServerAddress(URL(string: "http://localhost:8080")!, allowPlainHTTP: false).description == "http://localhost:8080")
        #expect(try ServerAddress(URL(string: "http://127.0.0.2:1")!, allowPlainHTTP: false).description == "http://127.0.0.2:1")
        #expect(try ServerAddress(URL(string: "https://studies.example.org")!, allowPlainHTTP: false).description == "https://studies.example.org")
        #expect(throws: SignUpError.self) { try ServerAddress(URL(string: "https://studies.example.org/?token=x")!, allowPlainHTTP: false) }
        #expect(LiveSync.allowsPlainHTTP(["STUDYTERM_ALLOW_HTTP": "1"]))
        #expect(!LiveSync.allowsPlainHTTP([:]))
    }

    @Test func resultsAreSentOnceAndLeaveTheOutboxOnlyWhenAcknowledged() async throws {
        let fixture = try await Self.server()
        let app = try App()
        let session = try await app.services.value.join(try await app.router.lookUp(SignUpRequest(address: Self.address(fixture), token: "ABCD2345")))
        let participant = try #require(session.membership.participantID)
        for n in 0..<3 { try app.finishRun(answer: "answer \(n)") }
        let report = try await app.sender.send()
        #expect(report.sent == 3)
        #expect(try app.store.pendingOutboxCount() == 0)
        #expect(try await fixture.store.storedItems(participantID: participant).count == 3)
        // A replay of the same ids (as after a lost answer) stores nothing twice.
        try app.store.database.write("forget") { db in try db.execute(sql: "UPDATE outbox SET acceptedAt = NULL") }
        #expect(try await app.sender.send().sent == 3)
        #expect(try await fixture.store.storedItems(participantID: participant).count == 3)
        #expect(try app.store.syncSummary().lastSuccessAt != nil)
        await fixture.stop()
    }

    @Test func anUnreachableServerLeavesItemsWaitingWithBackoffAndTheySendLater() async throws {
        let fixture = try await Self.server()
        let app = try App()
        let session = try await app.services.value.join(try await app.router.lookUp(SignUpRequest(address: Self.address(fixture), token: "ABCD2345")))
        await fixture.stop()
        try app.finishRun(answer: "offline")
        // The sender's clock stands still: a busy machine's pause cannot make the backoff due.
        var sender = app.sender
        let frozen = Date()
        sender.now = { frozen }
        let report = try await sender.send()
        #expect(report.failed == 1 && report.sent == 0)
        let summary = try app.store.syncSummary()
        #expect(summary.waiting == 1)
        #expect(try #require(summary.nextAttemptAt) > frozen, "backs off")
        #expect(summary.lastError?.contains("cannot be reached") == true)
        #expect(try await sender.send().failed == 0, "not due yet: not tried again")
        #expect(session.membership.participantID != nil)
    }

    @Test func aRefusedItemIsParkedWithTheReasonAndTheOthersAreSent() async throws {
        let fixture = try await Self.server()
        let app = try App()
        let session = try await app.services.value.join(try await app.router.lookUp(SignUpRequest(address: Self.address(fixture), token: "ABCD2345")))
        let participant = try #require(session.membership.participantID)
        try app.finishRun(answer: "fine")
        let bad = OutboxItem(runID: nil, kind: .taskResult, payload: ["not": "a task result"],
                             metadata: ["participantId": .string(participant), "taskRunUUID": .string(UUID().uuidString), "taskId": "mood"],
                             createdAt: Date(), enrollmentID: try app.store.currentEnrollment()?.id)  // the column names the owner
        try app.store.database.write("insert") { db in try bad.insert(db) }
        try app.finishRun(answer: "also fine")
        let report = try await app.sender.send()
        #expect(report.sent == 2 && report.parked == 1)
        let parked = try app.store.parkedOutbox()
        #expect(parked.map(\.id) == [bad.id])
        #expect(parked.first?.parkedReason?.contains("is not a task result") == true)
        // A result of a study on this computer (another participant, no server) never waits.
        let local = OutboxItem(runID: nil, kind: .taskResult, payload: ["type": "task"],
                               metadata: ["participantId": "LOCAL-1", "taskRunUUID": .string(UUID().uuidString), "taskId": "mood"], createdAt: Date())
        try app.store.database.write("insert") { db in try local.insert(db) }
        #expect(try await app.sender.send().sent == 0)
        let status = try #require(try LiveSync.status(app.store))
        #expect(status.parked.count == 1 && status.waiting == 0)
        await fixture.stop()
    }

    @Test func leavingSendsTheResultsFirstThenTheWithdrawal() async throws {
        let fixture = try await Self.server()
        let app = try App()
        let session = try await app.services.value.join(try await app.router.lookUp(SignUpRequest(address: Self.address(fixture), token: "ABCD2345")))
        let participant = try #require(session.membership.participantID)
        try app.finishRun(answer: "last")
        let paragraphs = try await app.services.value.leave(session, exportTo: nil)
        #expect(!paragraphs.joined().contains("next reaches the server"), "the server confirmed it")
        #expect(try await fixture.store.storedItems(participantID: participant).count == 1)
        #expect(try await fixture.store.participantSummaries().first?.withdrawnAt != nil)
        #expect(try app.store.pendingOutboxCount() == 0)
        await fixture.stop()
    }

    @Test func aWithdrawalThatCannotBeSentIsQueuedAndTheAppSaysSo() async throws {
        let fixture = try await Self.server()
        let app = try App()
        let session = try await app.services.value.join(try await app.router.lookUp(SignUpRequest(address: Self.address(fixture), token: "ABCD2345")))
        await fixture.stop()
        let paragraphs = try await app.services.value.leave(session, exportTo: nil)
        #expect(paragraphs.contains("The study team is told when StudyTerm next reaches the server."))
        #expect(try app.store.pendingOutbox(participantID: session.membership.participantID!, now: nil, limit: 10).map(\.kind) == [.withdrawal])
    }

    @Test func messagesReachTheInboxOnceAndAreAcknowledged() async throws {
        let fixture = try await Self.server()
        let app = try App()
        let session = try await app.services.value.join(try await app.router.lookUp(SignUpRequest(address: Self.address(fixture), token: "ABCD2345")))
        let participant = try #require(session.membership.participantID)
        _ = try await fixture.store.sendMessage("Please finish by Friday.", to: .participant(participant), at: Date())
        #expect(try await app.sender.send().messages == 1)
        #expect(try app.store.allNotifications().map(\.body) == ["Please finish by Friday."])
        #expect(try await fixture.store.unacknowledgedMessages(participantID: participant).isEmpty)
        #expect(try await app.sender.send().messages == 0)
        await fixture.stop()
    }

    @Test func aReloadAsksByVersionAndStoresTheNewStudy() async throws {
        let fixture = try await Self.server()
        let app = try App()
        let session = try await app.services.value.join(try await app.router.lookUp(SignUpRequest(address: Self.address(fixture), token: "ABCD2345")))
        let unsent = try app.finishRun(answer: "not sent yet")
        let same = try await app.services.value.reload(session)
        #expect(same.definition.version == "1")
        try ServerFixture.writeStudy(into: fixture.folder, version: "2")
        _ = try await fixture.store.publish(try StudyPublisher().publication(folder: fixture.folder.path, at: Date()))
        let updated = try await app.services.value.reload(session)
        #expect(updated.definition.version == "2")
        #expect(try app.store.currentEnrollment()?.studyVersion == "2")
        let (reopened, _) = try await app.services.value.openSession()
        #expect(reopened?.definition.version == "2", "the new copy is the one kept")
        #expect(try app.store.allOutboxItems().filter { $0.acceptedAt == nil }.map(\.runID) == [unsent], "a reload deletes nothing unsent")
        await fixture.stop()
    }

    @Test func aQuestionnaireGetsItsValueSetFileOverTheNetwork() async throws {
        let fixture = try await Self.server()
        let questionnaire = """
            {"resourceType": "Questionnaire", "id": "colors", "status": "active", "item": [
              {"linkId": "color", "text": "Favourite colour?", "type": "choice", "answerValueSet": "ValueSet/colors"}]}
            """
        let valueSet = """
            {"resourceType": "ValueSet", "id": "colors", "status": "active", "expansion": {"timestamp": "2026-01-01T00:00:00Z", "contains": [
              {"system": "urn:colors", "code": "r", "display": "Red"}, {"system": "urn:colors", "code": "b", "display": "Blue"}]}}
            """
        try Data(questionnaire.utf8).write(to: fixture.folder.appendingPathComponent("tasks/colors.json"))
        try Data(valueSet.utf8).write(to: fixture.folder.appendingPathComponent("tasks/ValueSet-colors.json"))
        let studyFile = fixture.folder.appendingPathComponent("study.json")
        let study = try String(contentsOf: studyFile, encoding: .utf8).replacingOccurrences(
            of: #""tasks": ["#, with: #""tasks": [{"identifier": "colors", "title": "Colours", "source": "tasks/colors.json"}, "#)
        try Data(study.utf8).write(to: studyFile)
        _ = try await fixture.store.publish(try StudyPublisher().publication(folder: fixture.folder.path, at: Date()))
        let app = try App()
        let session = try await app.services.value.join(try await app.router.lookUp(SignUpRequest(address: Self.address(fixture), token: "ABCD2345")))
        let task = try #require(session.definition.task("colors"))
        #expect(FileManager.default.fileExists(atPath: task.sourceURL.deletingLastPathComponent().appendingPathComponent("ValueSet-colors.json").path))
        let loaded = try TaskSource.loader().load(path: task.sourceURL.path)
        #expect(loaded.warnings.contains { $0.message.contains("ValueSet/colors read from the local file ValueSet-colors.json") })
        await fixture.stop()
    }

    @Test func aStudyCopyRefusesPathsThatLeaveItsFolder() throws {
        for path in ["/etc/passwd", "../../../../../../../../../x", "a/..", "", "a\\b"] {
            #expect(throws: StudyFetchError.self) { try StudyCache.checkedDepth([path], address: "x") }
        }
        #expect(try StudyCache.checkedDepth(["consent.md", "tasks/a.json", "../shared/b.json"], address: "x") == 1)
    }
}

/// Services are a struct of closures; a box lets the test's `App` keep them.
struct JourneyServicesBox: Sendable {
    let value: StudyTUI.JourneyServices
    init(_ value: StudyTUI.JourneyServices) { self.value = value }
}
