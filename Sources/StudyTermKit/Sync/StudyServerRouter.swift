import Foundation
import StudyCore
import StudyStore
import StudySync

/// The journey's study server: an `http(s)://` address goes to the study server over the network,
/// anything else (the demo study, folders, `file://`) to the embedded one. Leaving a network study
/// goes through the outbox, so the withdrawal reaches the server only after the participant's
/// results, and stays queued until the server confirms it.
package struct StudyServerRouter: StudyServer {
    /// The embedded server.
    package var local: LocalStudyServer
    /// The network server.
    package var network: NetworkStudyServer
    /// Sends the outbox (results, then the withdrawal).
    package var sender: OutboxSender
    /// The store (the outbox the withdrawal waits in).
    package var store: StudyStore

    /// A router.
    package init(local: LocalStudyServer, network: NetworkStudyServer, sender: OutboxSender, store: StudyStore) {
        self.local = local
        self.network = network
        self.sender = sender
        self.store = store
    }

    /// True for an `http://` or `https://` address.
    package static func isNetwork(_ address: String?) -> Bool {
        guard let lower = address?.trimmingCharacters(in: .whitespaces).lowercased() else { return false }
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    /// Looks the study up where its address points.
    package func lookUp(_ request: SignUpRequest) async throws(SignUpError) -> StudyInvitation {
        !request.joinsDemo && Self.isNetwork(request.address) ? try await network.lookUp(request) : try await local.lookUp(request)
    }

    /// Registers where the invitation came from.
    package func register(_ invitation: StudyInvitation, consent: ConsentAgreement) async throws(SignUpError) -> StudyRegistration {
        Self.isNetwork(invitation.address) ? try await network.register(invitation, consent: consent)
            : try await local.register(invitation, consent: consent)
    }

    /// Fetches the definition where the participant joined.
    package func fetchDefinition(for membership: StudyMembership) async throws(StudyFetchError) -> StudyDefinition {
        Self.isNetwork(membership.address) ? try await network.fetchDefinition(for: membership) : try await local.fetchDefinition(for: membership)
    }

    /// A network study's stored copy; nil for the others (read where they live).
    package func storedDefinition(for membership: StudyMembership) throws(StudyFetchError) -> StudyDefinition? {
        Self.isNetwork(membership.address) ? try network.storedDefinition(for: membership) : nil
    }

    /// Sends the outbox, whose last item for the participant is the withdrawal recorded before this
    /// call; throws unless the server confirmed it.
    package func withdraw(_ membership: StudyMembership) async throws(WithdrawalError) {
        guard Self.isNetwork(membership.address) else { return try await local.withdraw(membership) }
        guard let participant = membership.participantID else { throw .refused("This enrollment has no participant identifier.") }
        do {
            let report = try await sender.send(ignoringBackoff: true)
            if let parked = try store.parkedOutbox().first(where: { $0.kind == .withdrawal && $0.participantID == participant }) {
                throw WithdrawalError.refused(parked.parkedReason ?? "The study server refused the withdrawal.")
            }
            if try store.pendingOutbox(participantID: participant, now: nil, limit: 10_000).contains(where: { $0.kind == .withdrawal }) {
                throw WithdrawalError.unreachable(report.lastError ?? "Results are still waiting to be sent first.")
            }
        } catch let error as WithdrawalError {
            throw error
        } catch {
            throw .unreachable("\(error)")
        }
    }
}
