import Foundation
import StudyCore
import TUIKit

/// The journey's asynchronous work (everything that asks the study server), by name.
enum JourneyWork {
    static let start: WorkID = "start"
    static let lookUp: WorkID = "lookUp"
    static let join: WorkID = "join"
    static let reload: WorkID = "reload"
    static let export: WorkID = "export"
    static let leave: WorkID = "leave"
    static let sync: WorkID = "sync"
}

extension JourneyProgram {
    /// Reads the enrollment and fetches its definition; records a changed version, and checks that
    /// the stored consent covers the definition's consent text.
    func start() -> Command<JourneyMessage> {
        let services = services
        return .work(JourneyWork.start) {
            do {
                let (session, updatedFrom) = try await services.openSession()
                return .started(.success(session), updatedFrom: updatedFrom)
            } catch {
                return .started(.failure(JourneyFailure(error)), updatedFrom: nil)
            }
        }
    }

    /// Asks the server for the study the participant typed. Nothing is stored.
    func lookUp(_ request: SignUpRequest) -> Command<JourneyMessage> {
        let server = services.server
        return .work(JourneyWork.lookUp) {
            do throws(SignUpError) { return .invitationFound(.success(try await server.lookUp(request))) } catch {
                return .invitationFound(.failure(error))
            }
        }
    }

    /// Records the consent first, then registers with the server and stores the enrollment.
    func join(_ invitation: StudyInvitation) -> Command<JourneyMessage> {
        let services = services
        return .work(JourneyWork.join) {
            do { return .joined(.success(try await services.join(invitation))) } catch {
                return .joined(.failure(JourneyFailure(error)))
            }
        }
    }

    /// Reads the dashboard's facts and delivers due reminders and study messages to the inbox
    /// (those not offered before while this journey runs).
    func loadFacts(fromClock: Bool) -> Command<JourneyMessage> {
        guard let session else { return .perform { nil } }
        let services = services, known = offeredToInbox
        return .perform { .factsLoaded(services.readFacts(for: session, known: known, fromClock: fromClock)) }
    }

    /// The next schedule timer: when a window opens or closes, and at least every minute.
    mutating func scheduleTick(now: Date) -> Command<JourneyMessage> {
        tickGeneration += 1
        var seconds = 60.0
        if let session, let next = DashboardScreen.expander(for: session, timeZone: services.timeZone)
            .nextChange(for: session.definition.tasks, after: now) {
            seconds = min(seconds, max(1, next.timeIntervalSince(now) + 0.5))
        }
        return .tick(after: .milliseconds(Int64(seconds * 1000)), .clockTicked(generation: tickGeneration))
    }

    /// Fetches the definition again; records the new version when it differs, and checks that the
    /// stored consent covers the new definition's consent text.
    func reload(_ session: StudySession) -> Command<JourneyMessage> {
        let services = services
        return .work(JourneyWork.reload) {
            do { return .reloaded(.success(try await services.reload(session))) } catch {
                return .reloaded(.failure(JourneyFailure(error)))
            }
        }
    }

    /// Records the participant's agreement to the changed consent of `session`'s definition.
    func renewConsent(_ session: StudySession) -> Command<JourneyMessage> {
        let services = services
        return .perform {
            do { return .consentRenewed(.success(try services.renewConsent(session))) } catch {
                return .consentRenewed(.failure(JourneyFailure(error)))
            }
        }
    }

    /// Writes the study's results to files in a new folder inside `folder` (made first when asked).
    func export(_ studyID: String, to folder: String, createFolder: Bool) -> Command<JourneyMessage> {
        let services = services
        return .work(JourneyWork.export) {
            do { return .exported(.success(try services.exportData(studyID, folder, createFolder))) } catch {
                return .exported(.failure(JourneyFailure(error)))
            }
        }
    }

    /// Exports first when asked, records the withdrawal, tells the server; what happened comes back
    /// as paragraphs, the study's closing text last.
    func leave(_ session: StudySession, exportTo folder: String?, createFolder: Bool) -> Command<JourneyMessage> {
        let services = services
        return .work(JourneyWork.leave) {
            do { return .left(.success(try await services.leave(session, exportTo: folder, createFolder: createFolder))) } catch {
                return .left(.failure(JourneyFailure(error)))
            }
        }
    }

    /// Reads the inbox.
    func loadInbox() -> Command<JourneyMessage> {
        let services = services
        return .perform {
            do { return .inboxLoaded(.success(try services.loadInbox())) } catch {
                return .inboxLoaded(.failure(JourneyFailure(error)))
            }
        }
    }

    /// Marks a message read.
    func markRead(_ id: String) -> Command<JourneyMessage> {
        let services = services
        return .perform {
            let now = services.now()
            do {
                try services.markRead(id, now)
                return .markedRead(.success(id), at: now)
            } catch {
                return .markedRead(.failure(JourneyFailure(error)), at: now)
            }
        }
    }
}
