import Foundation
import StudyCore
import StudyStore
import StudyTUI

/// The station program's services over the store and the audit log: each session is its own
/// enrollment (`beginKioskSession`), its tasks' runs carry the session's id, and its end is stored
/// once by the partial-answer policy and audited (reason, counts and the salted hash of an entered
/// identifier only, never answers or ids). An entered identifier is the enrollment's participant id;
/// an anonymous session's is its withdrawal code. A consent is stored with the session's language.
/// The admin PIN is checked against `adminPINFile` under the lockout in the data folder; the admin
/// menu's other actions are `admin(store:study:configuration:audit:status:now:)`'s.
package enum LiveKioskServices {
    /// Services for `configuration`'s station running `study` on `store`; `status`, when given, is
    /// written again after every session's end; `sender`, when given (a study on a server), sends
    /// in the background after every session's end and for "Sync now".
    package static func make(store: StudyStore, study: StudyDefinition, configuration: KioskConfiguration,
                             audit: StationAudit, status: StationStatus? = nil, sender: StationSender? = nil,
                             hasher: ParticipantHasher? = nil,
                             now: @escaping @Sendable () -> Date = { Date() }) -> KioskServices {
        let sessions = KioskSessionRegistry()
        var services = KioskServices(
            now: now,
            beginSession: { opening in
                var generator = SystemRandomNumberGenerator()
                let code = WithdrawalCode(using: &generator)
                do throws(StoreError) {
                    let participant = try store.beginKioskSession(
                        id: opening.sessionID, stationID: configuration.stationID, studyID: study.identifier,
                        studyVersion: study.version, participantID: opening.participantID ?? code.value, language: opening.language,
                        policy: configuration.partialAnswers, at: now())
                    let hash = opening.participantID.flatMap { id in hasher?.hash(id) }
                    sessions.add(opening.sessionID, participant, hash: hash)
                    return .success(opening.participantID == nil ? code.description : "")
                } catch {
                    return .failure(.storage(error.cause))
                }
            },
            startTask: { sessionID, taskID in
                guard let participant = sessions.participant(sessionID) else { return .failure(.storage("the session is not open")) }
                guard let task = study.tasks.first(where: { $0.identifier == taskID }) else {
                    return .failure(.taskCannotLoad(task: taskID, reason: "the study has no such task"))
                }
                let launch = TaskLaunch(studyID: study.identifier, studyVersion: study.version, task: task, window: nil, resume: nil)
                return TaskSession.prepare(launch, store: store, participant: participant, now: now()).map { session in
                    TaskStart(run: session.run, environment: LiveEnvironment.make(speak: false, autosave: session.recorder.snapshotSaver),
                              finish: { run in
                                  do throws(StoreError) { return .success(try session.finish(run)) } catch { return .failure(.storage(error.cause)) }
                              })
                }
            },
            endSession: { closing in
                let participantHash = sessions.hash(closing.sessionID)
                sessions.remove(closing.sessionID)
                do throws(StoreError) {
                    try store.endKioskSession(id: closing.sessionID, reason: closing.reason, at: now())
                } catch {
                    return .failure(.storage(error.cause))
                }
                audit.record(.sessionEnded(session: closing.sessionID, reason: closing.reason, participant: participantHash,
                                           tasksCompleted: closing.tasksCompleted))
                StationRetention.sweep(store, retention: configuration.retention, now: now())
                status?.write(at: now())
                sender?.sendInBackground()
                return .success(())
            },
            checkAdminPIN: checkAdminPIN(pinFile: configuration.adminPINFile, lockout: lockoutFile(configuration), audit: audit,
                                        status: status, now: now),
            syncNow: { () async -> KioskSyncReport in
                guard let sender else { return .unavailable("this station sends to no study server") }
                return await sender.round(ignoringBackoff: true)
            },
            status: { status.flatMap { try? $0.status(at: now()) } },
            recordConsent: { agreement in
                guard let participant = sessions.participant(agreement.sessionID) else { return .failure(.storage("the session is not open")) }
                let shown = ConsentAgreement(definition: study, agreedAt: now())
                do throws(StoreError) {
                    try participant.recordConsent(ConsentRecord(studyID: shown.studyID, definitionVersion: shown.definitionVersion,
                                                                text: shown.text, agreedAt: shown.agreedAt, language: agreement.language))
                    return .success(())
                } catch {
                    return .failure(.storage(error.cause))
                }
            })
        services.admin = admin(store: store, study: study, configuration: configuration, audit: audit, status: status, now: now)
        return services
    }
}
