import Foundation
import StudyCore
import TUIKit

extension JourneyProgram {
    /// Reads the enrollment and fetches its definition; records a changed version, and checks that
    /// the stored consent covers the definition's consent text.
    func start() -> Command<JourneyMessage> {
        let services = services
        return .perform {
            do {
                guard var membership = try services.loadMembership() else { return .started(.success(nil), updatedFrom: nil) }
                let definition = try services.server.fetchDefinition(for: membership)
                var updatedFrom: String?
                if definition.version != membership.studyVersion {
                    try services.updateStudyVersion(membership.studyID, definition.version)
                    updatedFrom = membership.studyVersion
                    membership.studyVersion = definition.version
                }
                let consentIsCurrent = try services.consentCovers(ConsentAgreement(definition: definition, agreedAt: services.now()))
                return .started(.success(StudySession(membership: membership, definition: definition, consentIsCurrent: consentIsCurrent)),
                                updatedFrom: updatedFrom)
            } catch {
                return .started(.failure(JourneyFailure(error)), updatedFrom: nil)
            }
        }
    }

    /// Asks the server for the study the participant typed. Nothing is stored.
    func lookUp(_ request: SignUpRequest) -> Command<JourneyMessage> {
        let server = services.server
        return .perform {
            do throws(SignUpError) { return .invitationFound(.success(try server.lookUp(request))) } catch {
                return .invitationFound(.failure(error))
            }
        }
    }

    /// Records the consent first, then registers with the server and stores the enrollment.
    func join(_ invitation: StudyInvitation) -> Command<JourneyMessage> {
        let services = services
        return .perform {
            do {
                let agreement = ConsentAgreement(definition: invitation.definition, agreedAt: services.now())
                try services.recordConsent(agreement)
                let participant = try services.server.register(invitation, consent: agreement)
                let def = invitation.definition
                let membership = try services.enroll(StudyMembership(studyID: def.identifier, studyVersion: def.version,
                                                                     participantID: participant, address: invitation.address,
                                                                     token: invitation.token, enrolledAt: agreement.agreedAt))
                return .joined(.success(StudySession(membership: membership, definition: def)))
            } catch {
                return .joined(.failure(JourneyFailure(error)))
            }
        }
    }

    /// Reads the dashboard's facts and delivers due reminders and study messages to the inbox
    /// (those not offered before while this journey runs).
    func loadFacts(fromClock: Bool) -> Command<JourneyMessage> {
        guard let session else { return .perform { nil } }
        let services = services, known = offeredToInbox
        return .perform {
            let now = services.now()
            var update = FactsUpdate(result: .failure(JourneyFailure("not read")), at: now, delivered: [], offered: [], fromClock: fromClock)
            do {
                let expander = DashboardScreen.expander(for: session, timeZone: services.timeZone)
                var facts = try services.loadFacts(session.studyID, expander.completionsNeeded(for: session.definition.tasks, at: now))
                let agenda = expander.agenda(for: session.definition.tasks, now: now, progress: facts.progress)
                let outgoing = (Reminders.due(agenda, session: session, facts: facts, now: now, timeZone: services.timeZone)
                    + Reminders.messages(expander.dueMessages(session.definition.messages, now: now), studyID: session.studyID, now: now))
                    .filter { !known.contains($0.id) }
                update.delivered = outgoing.isEmpty ? [] : try services.deliver(outgoing)
                update.offered = Set(outgoing.map(\.id))
                facts.unreadCount += update.delivered.count
                update.result = .success(facts)
            } catch {
                update.result = .failure(JourneyFailure(error))
            }
            return .factsLoaded(update)
        }
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
        return .perform {
            do {
                let definition = try services.server.fetchDefinition(for: session.membership)
                guard definition.version != session.definition.version else { return .reloaded(.success(session)) }
                try services.updateStudyVersion(session.studyID, definition.version)
                var updated = session
                updated.definition = definition
                updated.membership.studyVersion = definition.version
                updated.consentIsCurrent = try services.consentCovers(ConsentAgreement(definition: definition, agreedAt: services.now()))
                return .reloaded(.success(updated))
            } catch {
                return .reloaded(.failure(JourneyFailure(error)))
            }
        }
    }

    /// Records the participant's agreement to the changed consent of `session`'s definition.
    func renewConsent(_ session: StudySession) -> Command<JourneyMessage> {
        let services = services
        return .perform {
            do {
                try services.recordConsent(ConsentAgreement(definition: session.definition, agreedAt: services.now()))
                var renewed = session
                renewed.consentIsCurrent = true
                return .consentRenewed(.success(renewed))
            } catch {
                return .consentRenewed(.failure(JourneyFailure(error)))
            }
        }
    }

    /// Writes the study's results to files in a new folder inside `folder`.
    func export(_ studyID: String, to folder: String) -> Command<JourneyMessage> {
        let services = services
        return .perform {
            do { return .exported(.success(try services.exportData(studyID, folder))) } catch {
                return .exported(.failure(JourneyFailure(error)))
            }
        }
    }

    /// Exports first when asked (a failed export stops the leaving), records the withdrawal, then
    /// tells the server; a server that cannot be told now is told later from the outbox. What
    /// happened comes back as paragraphs, the study's closing text last.
    func leave(_ session: StudySession, exportTo folder: String?) -> Command<JourneyMessage> {
        let services = services
        return .perform {
            do {
                let exported = try folder.map { try services.exportData(session.studyID, $0) }
                try services.withdraw(session.studyID, services.now())
                let told = (try? services.server.withdraw(session.membership)) != nil
                var paragraphs = ["You left \(session.definition.title). Your answers stay on this computer."]
                if let exported { paragraphs.append(exported) }
                if !told { paragraphs.append("The study team is told when StudyTerm next reaches the server.") }
                if let finish = session.definition.finishText, !finish.isEmpty { paragraphs.append(finish) }
                return .left(.success(paragraphs))
            } catch {
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
