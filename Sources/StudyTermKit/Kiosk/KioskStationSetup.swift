import Foundation
import StudyCore
import StudyStore
import StudySync
import StudyTUI

/// What `studyterm kiosk --config FILE` prepares before the terminal opens: the configuration
/// (exit 78 with one line when it is wrong, or asks for what this version cannot do: a roster
/// file that cannot be read or lists no one), the study (a folder, or the server's through
/// `StationStudy` for a registered station), the data folder's store, the participant-hash salt
/// (identified modes), the audit log, the status file (written at once), the end of every session
/// a crash or `kill -9` left open (finalized `interrupted` by its policy, audited, never resumed),
/// and for a study on a server the background sender, which starts at once with what earlier runs
/// left unsent.
package struct KioskStationSetup: Sendable {
    /// The station's configuration.
    package let configuration: KioskConfiguration
    /// The study it runs.
    package let study: StudyDefinition
    /// The station's store.
    package let store: StudyStore
    /// The audit log.
    package let audit: StationAudit
    /// The sessions found open at the start and ended `interrupted`.
    package let finalized: [UUID]
    /// The status file's writer.
    package let status: StationStatus
    /// The sending to the study server (nil for a study folder).
    package let sender: StationSender?
    /// The roster's identifiers (roster mode only).
    package let roster: ParticipantRoster?
    /// Hashes entered identifiers for the audit log (every mode but anonymous).
    package let hasher: ParticipantHasher?

    /// Prepares the station configured in `file`; every failure is one line and an exit code.
    package static func prepare(configFile file: String, now: Date = Date()) throws -> KioskStationSetup {
        let configuration = try KioskCheckConfigCommand.load(file)
        let roster = try loadRoster(configuration, file: file)
        let credentials = try stationCredentials(configuration)
        let study = try loadStudy(configuration, credentials: credentials)
        try checkPlan(configuration, study: study, file: file)
        try FileManager.default.createDirectory(atPath: configuration.dataDirectory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let hasher = try loadHasher(configuration)
        let store = try StoreOpening.open(DataLocation(folder: URL(fileURLWithPath: configuration.dataDirectory)))
        let audit: StationAudit
        do { audit = try StationAudit(path: configuration.auditLog) } catch {
            throw CLIError(message: "the audit log \(configuration.auditLog) cannot be opened: \(error)", code: CLIError.Code.cannotWrite)
        }
        let configHash = ContentHash(of: FileManager.default.contents(atPath: file) ?? Data())
        audit.record(.stationStarted(appVersion: StoreOpening.appVersion, configuration: configHash), at: now)
        let finalization: KioskFinalization
        do { finalization = try store.finalizeInterruptedKioskSessions(stationID: configuration.stationID, at: now) } catch {
            throw CLIError(message: error.description, code: CLIError.Code.dataUnavailable)
        }
        let ids = finalization.sessionIDs
        if !ids.isEmpty {
            audit.record(.uncleanStopFound, at: now)
            let hashes = participantHashes(finalization, store: store, hasher: hasher)
            for id in ids {
                audit.record(.sessionEnded(session: id, reason: .interrupted, participant: hashes[id], tasksCompleted: 0), at: now)
            }
        }
        let studyHash = study.location.flatMap { FileManager.default.contents(atPath: $0.path) }.map { ContentHash(of: $0).hex }
        StationRetention.sweep(store, retention: configuration.retention, now: now)
        let previous = try? KioskStatusWriter.read(configuration.statusFile)
        for event in StationWarnings.changes(since: previous, configuration: configHash.hex, study: studyHash) { audit.record(event, at: now) }
        var status = StationStatus(configuration: configuration, store: store, audit: audit, studyHash: studyHash)
        status.configurationHash = configHash.hex
        status.write(at: now)
        let sender = credentials.map { credentials in
            StationSender(sender: OutboxSender(store: StationOutbox(store: store, credentials: credentials, stationID: configuration.stationID),
                                               transport: LiveSync.transport(), allowPlainHTTP: LiveSync.allowsPlainHTTP()),
                          store: store, audit: audit, status: status, deleteAfterUpload: configuration.retention.deleteAfterUpload)
        }
        sender?.sendInBackground()
        return KioskStationSetup(configuration: configuration, study: study, store: store, audit: audit, finalized: ids, status: status,
                                 sender: sender, roster: roster, hasher: hasher)
    }

    /// The credentials of a station whose study is on a server (nil for a study folder); exit 78
    /// when the station is not registered yet or the file is unsafe.
    static func stationCredentials(_ configuration: KioskConfiguration) throws -> StationCredentials? {
        guard case .server(_, let file) = configuration.study else { return nil }
        let found: StationCredentials?
        do { found = try StationCredentials.read(from: file) } catch {
            throw CLIError(message: "the station's credentials \(error)", code: CLIError.Code.badConfiguration)
        }
        guard let found else {
            throw CLIError(message: "the station is not registered with its study server (no \(file)); run studyterm kiosk register --config FILE --token TOKEN",
                           code: CLIError.Code.badConfiguration)
        }
        return found
    }

    /// The study of a folder, or of the server the station registered with (its stored copy when
    /// the server cannot be reached).
    static func loadStudy(_ configuration: KioskConfiguration, credentials: StationCredentials?) throws -> StudyDefinition {
        switch configuration.study {
        case .server:
            guard let credentials else { throw CLIError(message: "the station is not registered", code: CLIError.Code.badConfiguration) }
            var transport = LiveSync.transport()
            transport.deadline = StationStudy.startDeadline
            let source = StationStudy(credentials: credentials, dataDirectory: configuration.dataDirectory,
                                      transport: transport, allowPlainHTTP: LiveSync.allowsPlainHTTP())
            do throws(StudyFetchError) { return try source.load().definition } catch {
                throw CLIError(message: "the station's study cannot be loaded: \(error.description)", code: CLIError.Code.badConfiguration)
            }
        case .folder(let path):
            do { return try StudyDefinitionLoader(taskLoader: TaskSource.loader()).load(path: path).definition } catch {
                throw CLIError(message: "the station's study cannot be loaded: \(error.diagnostics.first?.description ?? "unknown error")",
                               code: CLIError.Code.badConfiguration)
            }
        }
    }

    /// Exit 78 when the session plan names a task the study does not have (found at the start, not
    /// when the first participant reaches it).
    static func checkPlan(_ configuration: KioskConfiguration, study: StudyDefinition, file: String) throws {
        let known = study.tasks.map(\.identifier)
        for (i, item) in configuration.sessionPlan.enumerated() where !known.contains(item.task) {
            throw CLIError(message: "\(file): sessionPlan[\(i)].task: the study \(study.identifier) has no task \"\(item.task)\" "
                               + "(its tasks: \(known.joined(separator: ", ")))", code: CLIError.Code.badConfiguration)
        }
    }

    /// The station program's services over this store and audit log.
    package var services: KioskServices {
        LiveKioskServices.make(store: store, study: study, configuration: configuration, audit: audit, status: status, sender: sender,
                               hasher: hasher)
    }
}
