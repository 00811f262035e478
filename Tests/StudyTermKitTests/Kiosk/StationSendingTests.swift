import Foundation
import StudyAPI
import StudyCore
import StudyStore
import StudySync
import StudyTestSupport
import StudyTUI
import Testing
@testable import StudyTermKit

/// A station's sending: every session's results go to the server under the station's
/// credentials, each marked with its session's withdrawal code; offline they wait, the outage is
/// audited once and the status says so; back online each result reaches the server exactly once,
/// even when an answer was lost after the server stored the batch.
@Suite struct StationSendingTests {
    let store: StudyStore
    let folder: TemporaryDirectory
    let audit: StationAudit
    let status: StationStatus
    let configuration: KioskConfiguration
    let server = FakeResultsServer()
    let credentials = StationCredentials(server: "https://study.example.org/api",
                                         issued: ParticipantCredentials(studyID: "demo", participantID: "STATION-P1", apiKey: "k-1"),
                                         registeredAt: Date(timeIntervalSince1970: 1_780_000_000))

    init() throws {
        store = try StudyStore.inMemory()
        let dir = try TemporaryDirectory()
        folder = dir
        let path = { (name: String) in dir.url.appendingPathComponent(name).path }
        configuration = KioskConfiguration(
            stationID: "lobby-1", study: .server(url: "https://study.example.org/api", credentialsFile: path("station-credentials.json")),
            dataDirectory: dir.url.path, sessionPlan: [KioskPlanItem(task: "mood")], adminPINFile: path("pin.json"),
            auditLog: path("audit.log"), statusFile: path("status.json"))
        audit = try StationAudit(path: configuration.auditLog)
        status = StationStatus(configuration: configuration, store: store, audit: audit, studyHash: nil)
    }

    /// The station's sender against the fake server.
    func sender(deleteAfterUpload: Bool = false) -> StationSender {
        var outbox = OutboxSender(store: StationOutbox(store: store, credentials: credentials, stationID: "lobby-1"),
                                  transport: server, allowPlainHTTP: false)
        outbox.random = { 0 }
        return StationSender(sender: outbox, store: store, audit: audit, status: status, deleteAfterUpload: deleteAfterUpload)
    }

    /// A kiosk session with one finished run; returns its withdrawal code, run id and session id.
    func session(at seconds: TimeInterval) throws -> (code: String, run: UUID, session: UUID) {
        let date = Date(timeIntervalSince1970: 1_780_000_000 + seconds)
        let id = UUID()
        let scope = try store.beginKioskSession(id: id, stationID: "lobby-1", studyID: "demo", studyVersion: "1",
                                                participantID: nil, language: "en", policy: .keep, at: date)
        let run = UUID()
        try scope.startRun(id: run, taskID: "mood", at: date)
        var root = BranchResult(identifier: "mood", startDate: date, endDate: date.addingTimeInterval(30))
        root.appendStepHistory(.answer(AnswerResult(identifier: "score", startDate: date, endDate: date.addingTimeInterval(30),
                                                    answerType: AnswerType(.integer), value: 4)), direction: .forward)
        try store.finishRun(FinishedRun(result: TaskResult(root: root, taskRunUUID: run, versionString: "1", finishReason: .completed),
                                        finishedAt: date.addingTimeInterval(30)))
        return (try #require(scope.enrollment.participantID), run, id)
    }

    /// The audit log's lines.
    func auditLines() throws -> [String] {
        try String(contentsOfFile: configuration.auditLog, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    @Test func aRoundSendsEverySessionsResultsUnderTheStationMarkedWithTheSessionsCode() async throws {
        let first = try session(at: 0), second = try session(at: 100)
        let report = await sender().round(ignoringBackoff: false)
        #expect(report == KioskSyncReport(sent: 2, pending: 0))
        let items = server.items
        #expect(Set(items.compactMap { $0.metadata["taskRunUUID"]?.stringValue }) == [first.run.uuidString, second.run.uuidString])
        #expect(Set(items.compactMap { $0.metadata["kioskParticipantId"]?.stringValue }) == [first.code, second.code])
        #expect(items.allSatisfy { $0.metadata["kioskStationId"] == .string("lobby-1") && $0.metadata["kioskSessionId"] != nil })
        #expect(server.requests.allSatisfy { request in
            request.headers.contains { $0.name.lowercased() == "authorization" && $0.value == credentials.participant.authorization }
        })
        #expect(try auditLines().last?.contains("\"sync-succeeded\"") == true)
        let written = try KioskStatusWriter.read(configuration.statusFile)
        #expect(written.pendingResults == 0 && written.lastSync?.succeeded == true && written.lastSync?.error == nil)
    }

    @Test func offlineResultsWaitTheOutageIsAuditedOnceAndOnlineEachIsSentExactlyOnce() async throws {
        _ = try session(at: 0)
        _ = try session(at: 100)
        server.setReachable(false)
        let station = sender()
        let offline = await station.round(ignoringBackoff: true)
        #expect(offline.sent == 0 && offline.pending == 2 && offline.error?.contains("cannot be reached") == true)
        _ = await station.round(ignoringBackoff: true)
        let failures = try auditLines().filter { $0.contains("\"sync-failed\"") }
        #expect(failures.count == 1 && failures[0].contains("unreachable") && failures[0].contains("\"pending\":2"))
        var written = try KioskStatusWriter.read(configuration.statusFile)
        #expect(written.pendingResults == 2 && written.oldestPendingAt != nil)
        #expect(written.lastSync?.succeeded == false && written.lastSync?.error?.contains("cannot be reached") == true)
        server.setReachable(true)
        server.loseNextAnswer()
        let lost = await station.round(ignoringBackoff: true)
        #expect(lost.sent == 0 && lost.pending == 2)
        #expect(server.items.count == 2)
        let online = await station.round(ignoringBackoff: true)
        #expect(online == KioskSyncReport(sent: 2, pending: 0))
        #expect(await station.round(ignoringBackoff: true) == KioskSyncReport(sent: 0, pending: 0))
        #expect(server.items.count == 2)
        written = try KioskStatusWriter.read(configuration.statusFile)
        #expect(written.pendingResults == 0 && written.oldestPendingAt == nil && written.lastSync?.succeeded == true)
        #expect(try auditLines().filter { $0.contains("\"sync-succeeded\"") }.count == 1)
    }

    @Test func aSessionsEndSendsItsResultsInTheBackgroundAndSyncNowReportsTheRound() async throws {
        let studyFolder = RepositoryResources.folder.appendingPathComponent("demo-study").path
        let study = try StudyDefinitionLoader(taskLoader: TaskSource.loader()).load(path: studyFolder).definition
        let services = LiveKioskServices.make(store: store, study: study, configuration: configuration, audit: audit, status: status,
                                              sender: sender())
        let id = UUID()
        _ = try services.beginSession(.init(sessionID: id, language: "en")).get()
        let start = try services.startTask(id, "wellbeing").get()
        #expect(start.environment.autosave(EncodedSnapshot(start.run.snapshot())) == nil)
        let run = try #require(try store.runs(kioskSessionID: id).first?.id)
        var root = BranchResult(identifier: "wellbeing", startDate: Date(), endDate: Date())
        root.appendStepHistory(.base(BaseResult(identifier: "intro", startDate: Date(), endDate: Date())), direction: .forward)
        try store.finishRun(FinishedRun(result: TaskResult(root: root, taskRunUUID: run, versionString: "1", finishReason: .completed),
                                        finishedAt: Date()))
        try services.endSession(.init(sessionID: id, reason: .completed, tasksCompleted: 1)).get()
        let deadline = Date().addingTimeInterval(30)
        while server.items.isEmpty, Date() < deadline { try await Task.sleep(nanoseconds: 20_000_000) }
        #expect(server.items.map { $0.metadata["taskRunUUID"]?.stringValue } == [run.uuidString])
        #expect(await services.syncNow() == KioskSyncReport(sent: 0, pending: 0))
        let folderOnly = LiveKioskServices.make(store: store, study: study, configuration: configuration, audit: audit)
        #expect(await folderOnly.syncNow().error == "this station sends to no study server")
    }

    @Test func withDeleteAfterUploadTheAnswersLeaveTheStationOnlyOnceTheServerAcceptedThem() async throws {
        let first = try session(at: 0)
        server.setReachable(false)
        let station = sender(deleteAfterUpload: true)
        _ = await station.round(ignoringBackoff: true)
        #expect(try store.result(runID: first.run) != nil)
        server.setReachable(true)
        #expect(await station.round(ignoringBackoff: true).sent == 1)
        #expect(try store.result(runID: first.run) == nil)
        #expect(try store.runs(kioskSessionID: first.session).map(\.status) == [.completed])
        let kept = try session(at: 100)
        #expect(await sender().round(ignoringBackoff: true).sent == 1)
        #expect(try store.result(runID: kept.run) != nil)
    }

    @Test func theAuditNamesAFailureByKindAndTheRetryWaitsForTheEarliestItemWithinAMinute() {
        #expect(StationSender.problem(SyncError.unreachable("refused").description) == .unreachable)
        #expect(StationSender.problem(SyncError.serverFailed(status: 503, message: "down").description) == .serverError)
        #expect(StationSender.problem(SyncError.refused(status: 409, error: nil).description) == .refused)
        #expect(StationSender.problem("The database is locked.") == .other)
        let now = Date(timeIntervalSince1970: 1_000)
        #expect(StationSender.retryWait(until: now.addingTimeInterval(7), now: now) == 7)
        #expect(StationSender.retryWait(until: now.addingTimeInterval(-5), now: now) == 1)
        #expect(StationSender.retryWait(until: now.addingTimeInterval(600), now: now) == 60)
        #expect(StationSender.retryWait(until: nil, now: now) == 60)
    }

    @Test func theCredentialsFileIsWrittenPrivateReadBackAndRefusedWhenOthersMayReadIt() throws {
        let path = folder.url.appendingPathComponent("creds.json").path
        #expect(try StationCredentials.read(from: path) == nil)
        try credentials.write(to: path)
        #expect(PrivateFile.mode(of: path) == 0o600)
        #expect(try StationCredentials.read(from: path) == credentials)
        chmod(path, 0o644)
        #expect(throws: PrivateFile.Failure.self) { try StationCredentials.read(from: path) }
    }
}

/// `retention.maxDays` at a session's end: results older than that leave, newer ones stay.
@Suite struct StationRetentionTests {
    @Test func aSweepDeletesOnlyKioskResultsOlderThanMaxDaysAndNothingWithoutIt() throws {
        let store = try StudyStore.inMemory()
        func result(at date: Date) throws -> UUID {
            let scope = try store.beginKioskSession(id: UUID(), stationID: "s", studyID: "demo", studyVersion: "1", participantID: nil,
                                                    language: "en", policy: .keep, at: date)
            let run = UUID()
            try scope.startRun(id: run, taskID: "mood", at: date)
            try store.finishRun(FinishedRun(result: TaskResult(root: BranchResult(identifier: "mood", startDate: date, endDate: date),
                                                               taskRunUUID: run, versionString: "1", finishReason: .completed),
                                            finishedAt: date))
            return run
        }
        let now = Date(timeIntervalSince1970: 1_780_000_000)
        let old = try result(at: now.addingTimeInterval(-3 * 86_400)), young = try result(at: now.addingTimeInterval(-86_400 / 2))
        #expect(StationRetention.sweep(store, retention: KioskRetention(maxDays: nil), now: now) == 0)
        #expect(StationRetention.sweep(store, retention: KioskRetention(maxDays: 2), now: now) == 1)
        #expect(try store.result(runID: old) == nil && store.result(runID: young) != nil)
    }
}
