import Foundation
import StudyCore

/// The journey's steps that touch the store or the server, shared by the full screen (which runs
/// them as loop commands, the ones that ask the server as asynchronous work) and line mode (which
/// waits for each in turn): one code path, one order of writes, whichever way the participant
/// takes part.
extension JourneyServices {
    /// The stored enrollment's session, nil when not enrolled: its definition fetched again, a
    /// changed version recorded (`updatedFrom` names the one before), and whether the stored consent
    /// covers the definition's consent text.
    public func openSession() async throws -> (session: StudySession?, updatedFrom: String?) {
        guard var membership = try loadMembership() else { return (nil, nil) }
        var definition: StudyDefinition
        if let stored = try server.storedDefinition(for: membership) { definition = stored } else {
            definition = try await server.fetchDefinition(for: membership)
        }
        try Task.checkCancellation()
        var updatedFrom: String?
        if definition.version != membership.studyVersion {
            try updateStudyVersion(membership.studyID, definition.version)
            updatedFrom = membership.studyVersion
            membership.studyVersion = definition.version
        }
        let consentIsCurrent = try consentCovers(ConsentAgreement(definition: definition, agreedAt: now()))
        return (StudySession(membership: membership, definition: definition, consentIsCurrent: consentIsCurrent), updatedFrom)
    }

    /// Joins the study of `invitation`: records the consent first, then registers with the server
    /// and stores the enrollment (with its participant identifier).
    public func join(_ invitation: StudyInvitation) async throws -> StudySession {
        let agreement = ConsentAgreement(definition: invitation.definition, agreedAt: now())
        try recordConsent(agreement)
        let registration = try await server.register(invitation, consent: agreement)
        let def = registration.definition
        let membership = try enroll(StudyMembership(studyID: def.identifier, studyVersion: def.version, participantID: registration.participantID,
                                                    address: invitation.address, token: invitation.token, enrolledAt: agreement.agreedAt))
        return StudySession(membership: membership, definition: def)
    }

    /// Fetches the definition again; a new version is recorded and its consent text checked against
    /// the stored consent. Nothing is deleted. Cancelled while the server is asked, it stores nothing.
    public func reload(_ session: StudySession) async throws -> StudySession {
        let definition = try await server.fetchDefinition(for: session.membership)
        try Task.checkCancellation()
        guard definition.version != session.definition.version else { return session }
        try updateStudyVersion(session.studyID, definition.version)
        var updated = session
        updated.definition = definition
        updated.membership.studyVersion = definition.version
        updated.consentIsCurrent = try consentCovers(ConsentAgreement(definition: definition, agreedAt: now()))
        return updated
    }

    /// Records the participant's agreement to the changed consent of `session`'s definition.
    public func renewConsent(_ session: StudySession) throws -> StudySession {
        try recordConsent(ConsentAgreement(definition: session.definition, agreedAt: now()))
        var renewed = session
        renewed.consentIsCurrent = true
        return renewed
    }

    /// Exports first when asked (a failed export stops the leaving), records the withdrawal, then
    /// tells the server (one that cannot be told now is told later from the outbox). Returns what
    /// happened as paragraphs, the study's closing text last.
    public func leave(_ session: StudySession, exportTo folder: String?, createFolder: Bool = false) async throws -> [String] {
        let exported = try folder.map { try exportData(session.studyID, $0, createFolder) }
        try withdraw(session.studyID, now())
        let told: Bool
        do { try await server.withdraw(session.membership); told = true } catch { told = false }
        var paragraphs = ["You left \(session.definition.title). Your answers stay on this computer."]
        if let exported { paragraphs.append(exported) }
        if !told { paragraphs.append("The study team is told when StudyTerm next reaches the server.") }
        if let finish = session.definition.finishText, !finish.isEmpty { paragraphs.append(finish) }
        return paragraphs
    }

    /// Reads the dashboard's facts and delivers due reminders and study messages to the inbox
    /// (those not in `known`, the identifiers offered before).
    public func readFacts(for session: StudySession, known: Set<String>, fromClock: Bool) -> FactsUpdate {
        let now = now()
        var update = FactsUpdate(result: .failure(JourneyFailure.storage("not read")), at: now, delivered: [], offered: [], fromClock: fromClock)
        do {
            let expander = DashboardScreen.expander(for: session, timeZone: timeZone)
            var facts = try loadFacts(session.studyID, expander.completionsNeeded(for: session.definition.tasks, at: now))
            let agenda = expander.agenda(for: session.definition.tasks, now: now, progress: facts.progress)
            let outgoing = (Reminders.due(agenda, session: session, facts: facts, now: now, timeZone: timeZone)
                + Reminders.messages(expander.dueMessages(session.definition.messages, now: now), studyID: session.studyID, now: now))
                .filter { !known.contains($0.id) }
            update.delivered = outgoing.isEmpty ? [] : try deliver(outgoing)
            update.offered = Set(outgoing.map(\.id))
            facts.unreadCount += update.delivered.count
            update.result = .success(facts)
        } catch {
            update.result = .failure(JourneyFailure(error))
        }
        return update
    }
}
