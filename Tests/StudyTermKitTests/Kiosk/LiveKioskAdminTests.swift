import Foundation
import StudyCore
import StudyStore
import StudyTestSupport
import StudyTUI
import Testing
@testable import StudyTermKit

/// The admin menu's live services over an in-memory store and a temporary data folder: status
/// with the lockout and the clock, the pause file, the export, the test session's unstored task,
/// the audit of each action, and the root-only lockout reset.
@Suite struct LiveKioskAdminTests {
    let store: StudyStore
    let folder: TemporaryDirectory
    let audit: StationAudit
    let configuration: KioskConfiguration
    let services: KioskServices

    init() throws {
        store = try StudyStore.inMemory()
        folder = try TemporaryDirectory()
        let studyFolder = RepositoryResources.folder.appendingPathComponent("demo-study").path
        let study = try StudyDefinitionLoader(taskLoader: TaskSource.loader()).load(path: studyFolder).definition
        configuration = KioskConfiguration(
            stationID: "lobby-1", study: .folder(studyFolder), dataDirectory: folder.url.path,
            sessionPlan: [KioskPlanItem(task: "wellbeing")], adminPINFile: folder.url.appendingPathComponent("pin.json").path,
            auditLog: folder.url.appendingPathComponent("audit.log").path, statusFile: folder.url.appendingPathComponent("status.json").path)
        audit = try StationAudit(path: configuration.auditLog)
        let status = StationStatus(configuration: configuration, store: store, audit: audit, studyHash: "abc")
        services = LiveKioskServices.make(store: store, study: study, configuration: configuration, audit: audit, status: status)
    }

    /// The audit log's event names, in order.
    func events() throws -> [String] {
        try String(contentsOfFile: configuration.auditLog, encoding: .utf8).split(separator: "\n").compactMap { line in
            guard case .object(let record)? = try? JSONParser.parse(Data(line.utf8)), case .string(let name)? = record["event"] else { return nil }
            return name
        }
    }

    @Test func theStatusCarriesTheLockoutFromItsFile() throws {
        try LiveKioskServices.lockoutFile(configuration).save(PINLockout(failures: 6, lockedUntil: Date().addingTimeInterval(50)))
        let status = try #require(services.status())
        #expect(status.pinLockout.failures == 6)
        #expect(status.pinLockout.lockedUntil != nil)
        #expect(status.stationID == "lobby-1")
        try LiveKioskServices.lockoutFile(configuration).save(PINLockout(failures: 6, lockedUntil: Date().addingTimeInterval(-5)))
        #expect(services.status()?.pinLockout == KioskStatus.PINLockoutState(failures: 6, lockedUntil: nil), "a lock that is over is not shown")
    }

    @Test func theClockIsSynchronizedOnlyWhenTimesyncdSaysSoAndUnknownWithoutIt() throws {
        let timesync = folder.url.appendingPathComponent("timesync").path
        #expect(ClockSynchronization(folder: timesync).synchronized == nil)
        try FileManager.default.createDirectory(atPath: timesync, withIntermediateDirectories: false)
        #expect(ClockSynchronization(folder: timesync).synchronized == false)
        #expect(FileManager.default.createFile(atPath: timesync + "/synchronized", contents: Data()))
        #expect(ClockSynchronization(folder: timesync).synchronized == true)
    }

    @Test func pausingWritesAPrivateFileThatResumingRemovesBothAudited() throws {
        let pause = KioskPauseFile(dataDirectory: configuration.dataDirectory)
        #expect(services.admin.setPaused(true))
        #expect(pause.isPaused)
        #expect(PrivateFile.mode(of: pause.path) == 0o600)
        #expect(services.admin.setPaused(false))
        #expect(!pause.isPaused)
        #expect(try events() == ["admin-paused", "admin-resumed"])
    }

    @Test func theExportWritesEveryFormatPrivatelyUnderTheDataFolderAndAuditsTheCount() throws {
        let report = try services.admin.export().get()
        #expect(report.folder.hasPrefix(folder.url.appendingPathComponent("exports").path + "/station-lobby-1-"))
        #expect(report.files == ["results.json", "answers.csv", "fhir.ndjson"])
        #expect(report.results == 0)
        #expect(PrivateFile.mode(of: report.folder) == 0o700)
        for file in report.files { #expect(PrivateFile.mode(of: report.folder + "/" + file) == 0o600) }
        #expect(try events() == ["admin-exported"])
        let log = try String(contentsOfFile: configuration.auditLog, encoding: .utf8)
        #expect(!log.contains(report.folder))
    }

    @Test func aTestTaskRunsWithoutTouchingTheStore() throws {
        let start = try services.admin.startTestTask("wellbeing").get()
        #expect(start.environment.autosave(EncodedSnapshot(start.run.snapshot())) == nil)
        _ = try start.finish(start.run).get()
        #expect(try store.kioskSessionCounts(since: .distantPast).ended.values.reduce(0, +) == 0)
        #expect(try store.exportDocument(.json).resultCount == 0)
        #expect(throws: JourneyFailure.self) { try services.admin.startTestTask("no-such-task").get() }
    }

    @Test func adminRecordsAreAuditedWithCountsOnly() throws {
        services.admin.record(.syncRequested(sent: 2, pending: 1, failed: true))
        services.admin.record(.sessionEndedByStaff)
        let log = try String(contentsOfFile: configuration.auditLog, encoding: .utf8)
        #expect(try events() == ["admin-sync-requested", "admin-session-ended"])
        #expect(log.contains(#""fields":{"failed":true,"pending":1,"sent":2}"#))
        #expect(AuditVerifier.verify(Data(log.utf8), head: nil) == .intact(records: 2, lastHash: audit.head.lastHash))
    }

    @Test func resettingTheLockoutIsRefusedToAnyoneButRootAndChangesNothing() throws {
        let file = LiveKioskServices.lockoutFile(configuration)
        try file.save(PINLockout(failures: 7, lockedUntil: Date().addingTimeInterval(600)))
        #expect(throws: CLIError.self) { try KioskResetPINLockoutCommand.reset(configuration, effectiveUser: 1000) }
        do { _ = try KioskResetPINLockoutCommand.reset(configuration, effectiveUser: 1000) } catch { #expect(error.code == 77) }
        #expect(file.load(now: Date()).failures == 7)
        #expect(try events().isEmpty)
    }

    @Test func rootClearsTheLockoutAndTheAuditChainHoldsBesideTheRunningStationsLog() throws {
        let file = LiveKioskServices.lockoutFile(configuration)
        try file.save(PINLockout(failures: 7, lockedUntil: Date().addingTimeInterval(600)))
        audit.record(.adminFailed(failures: 7, lockedSeconds: 120))
        #expect(try KioskResetPINLockoutCommand.reset(configuration, effectiveUser: 0) == 7)
        #expect(file.load(now: Date()) == PINLockout())
        audit.record(.admin(.statusViewed))  // the station's log, opened before the reset appended
        #expect(try events() == ["admin-failed", "pin-lockout-reset", "admin-status-viewed"])
        let data = try #require(FileManager.default.contents(atPath: configuration.auditLog))
        #expect(AuditVerifier.verify(data, head: audit.head) == .intact(records: 3, lastHash: audit.head.lastHash))
    }
}

/// The export into a folder the configuration names.
@Suite struct KioskStationExportTests {
    @Test func theExportGoesIntoTheConfiguredFolderMadeWithItsParents() throws {
        let folder = try TemporaryDirectory()
        let target = folder.url.appendingPathComponent("usb/exports").path
        let report = try KioskStationExport(store: StudyStore.inMemory(), exportDirectory: target, stationID: "lab 1").write(at: Date()).get()
        #expect(report.folder.hasPrefix(target + "/station-lab-1-"))
        #expect(PrivateFile.mode(of: target) == 0o700)
        #expect(try FileManager.default.contentsOfDirectory(atPath: report.folder).sorted() == ["answers.csv", "fhir.ndjson", "results.json"])
    }
}
