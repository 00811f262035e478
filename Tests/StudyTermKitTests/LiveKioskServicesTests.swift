import Foundation
import StudyCore
import StudyStore
import StudyTestSupport
import StudyTUI
import Testing
@testable import StudyTermKit

/// The station's live services over an in-memory store: a session is its own enrollment, its
/// task's runs carry its id, its end is stored once and audited without its withdrawal code.
@Suite struct LiveKioskServicesTests {
    let store: StudyStore
    let folder: TemporaryDirectory
    let audit: StationAudit
    let services: KioskServices
    let statusFile: String

    init() throws {
        store = try StudyStore.inMemory()
        folder = try TemporaryDirectory()
        let studyFolder = RepositoryResources.folder.appendingPathComponent("demo-study").path
        let study = try StudyDefinitionLoader(taskLoader: TaskSource.loader()).load(path: studyFolder).definition
        let configuration = KioskConfiguration(
            stationID: "lobby-1", study: .folder(studyFolder), dataDirectory: folder.url.path,
            sessionPlan: [KioskPlanItem(task: "wellbeing")], adminPINFile: folder.url.appendingPathComponent("pin.json").path,
            auditLog: folder.url.appendingPathComponent("audit.log").path, statusFile: folder.url.appendingPathComponent("status.json").path)
        audit = try StationAudit(path: configuration.auditLog)
        statusFile = configuration.statusFile
        let status = StationStatus(configuration: configuration, store: store, audit: audit, studyHash: "abc")
        services = LiveKioskServices.make(store: store, study: study, configuration: configuration, audit: audit, status: status)
    }

    @Test func aSessionsTaskRunCarriesTheSessionAndItsEndIsStoredOnceAndAudited() throws {
        let id = UUID()
        let code = try services.beginSession(.init(sessionID: id, language: "en")).get()
        #expect(WithdrawalCode(typed: code) != nil)
        let start = try services.startTask(id, "wellbeing").get()
        #expect(start.environment.autosave(EncodedSnapshot(start.run.snapshot())) == nil)
        let runs = try store.runs(kioskSessionID: id)
        #expect(runs.map(\.kioskSessionID) == [id])
        #expect(runs.first?.taskID == "wellbeing")
        try services.endSession(.init(sessionID: id, reason: .timedOut, tasksCompleted: 0)).get()
        #expect(try store.kioskSession(id: id)?.endReason == .timedOut)
        #expect(throws: JourneyFailure.self) { try services.endSession(.init(sessionID: id, reason: .interrupted, tasksCompleted: 0)).get() }
        let log = try String(contentsOfFile: folder.url.appendingPathComponent("audit.log").path, encoding: .utf8)
        #expect(log.contains("\"session-ended\"") && log.contains("timed-out"))
        #expect(!log.contains(code) && !log.contains(WithdrawalCode(typed: code)!.value))
    }

    @Test func aTaskIsRefusedForASessionNotOpenOrATaskNotInTheStudy() throws {
        #expect(throws: JourneyFailure.self) { try services.startTask(UUID(), "wellbeing").get() }
        let id = UUID()
        _ = try services.beginSession(.init(sessionID: id, language: "en")).get()
        #expect(throws: JourneyFailure.self) { try services.startTask(id, "no-such-task").get() }
    }

    @Test func theStatusFileIsWrittenAfterASessionsEndWithTodaysCountsAndTheAuditHead() throws {
        #expect(!FileManager.default.fileExists(atPath: statusFile))
        let id = UUID()
        let code = try services.beginSession(.init(sessionID: id, language: "en")).get()
        try services.endSession(.init(sessionID: id, reason: .timedOut, tasksCompleted: 0)).get()
        let status = try KioskStatusWriter.read(statusFile)
        #expect(status.stationID == "lobby-1")
        #expect(status.sessionsToday["timed-out"] == 1 && status.sessionsToday["completed"] == 0)
        #expect(status.auditHead == audit.head)
        #expect(status.studyDefinitionHash == "abc")
        let text = try String(contentsOfFile: statusFile, encoding: .utf8)
        #expect(!text.contains(code) && !text.contains(WithdrawalCode(typed: code)!.value))
    }
}
