import Foundation
import StudyCore
import StudyStore
import StudyTestSupport
import StudyTUI
import Testing
@testable import StudyTermKit

/// The live services of an identified station: the entered id is the session enrollment's
/// participant id, the audit log carries only its salted hash, and the consent carries the
/// session's language.
@Suite struct LiveKioskServicesIdentifyTests {
    let store: StudyStore
    let folder: TemporaryDirectory
    let services: KioskServices
    let hasher: ParticipantHasher
    let auditFile: String
    let statusFile: String
    let study: StudyDefinition

    init() throws {
        store = try StudyStore.inMemory()
        folder = try TemporaryDirectory()
        let studyFolder = RepositoryResources.folder.appendingPathComponent("demo-study").path
        study = try StudyDefinitionLoader(taskLoader: TaskSource.loader()).load(path: studyFolder).definition
        let configuration = KioskConfiguration(
            stationID: "lobby-1", study: .folder(studyFolder), dataDirectory: folder.url.path,
            sessionPlan: [KioskPlanItem(task: "wellbeing")], participantID: .staff(check: nil),
            adminPINFile: folder.url.appendingPathComponent("pin.json").path,
            auditLog: folder.url.appendingPathComponent("audit.log").path, statusFile: folder.url.appendingPathComponent("status.json").path,
            consent: .eachSession)
        let audit = try StationAudit(path: configuration.auditLog)
        (auditFile, statusFile) = (configuration.auditLog, configuration.statusFile)
        hasher = try ParticipantHasher.loadOrCreate(saltFile: KioskStationSetup.saltFile(configuration))
        let status = StationStatus(configuration: configuration, store: store, audit: audit, studyHash: nil)
        services = LiveKioskServices.make(store: store, study: study, configuration: configuration, audit: audit, status: status,
                                          hasher: hasher)
    }

    @Test func theEnteredIDIsTheEnrollmentsParticipantAndTheAuditCarriesOnlyItsSaltedHash() throws {
        let id = UUID(), canary = "QZCANARY42"
        _ = try services.beginSession(.init(sessionID: id, language: "en", participantID: canary)).get()
        let enrollmentID = try #require(try store.kioskSession(id: id)?.enrollmentID)
        #expect(try store.allEnrollments().first { $0.id == enrollmentID }?.participantID == canary)
        try services.endSession(.init(sessionID: id, reason: .completed, tasksCompleted: 0)).get()
        let log = try String(contentsOfFile: auditFile, encoding: .utf8)
        #expect(log.contains(hasher.hash(canary).hex))
        #expect(!log.contains(canary) && !log.lowercased().contains(canary.lowercased()))
        #expect(!(try String(contentsOfFile: statusFile, encoding: .utf8)).contains(canary))
    }

    @Test func theConsentIsStoredUnderTheSessionsEnrollmentWithItsLanguage() throws {
        let id = UUID()
        _ = try services.beginSession(.init(sessionID: id, language: "de", participantID: "P1")).get()
        try services.recordConsent(.init(sessionID: id, language: "de")).get()
        let enrollmentID = try #require(try store.kioskSession(id: id)?.enrollmentID)
        let enrollment = try #require(try store.allEnrollments().first { $0.id == enrollmentID })
        let consent = try #require(try store.scoped(to: enrollment).latestConsent())
        #expect(consent.language == "de")
        #expect(consent.textSHA256 == ConsentRecord(studyID: "", definitionVersion: "", text: study.consentTextShown, agreedAt: Date()).textSHA256)
        #expect(throws: JourneyFailure.self) { try services.recordConsent(.init(sessionID: UUID(), language: "de")).get() }
    }
}
