import Foundation
import StudyCore

/// A study server that hands out definitions in turn (the last one repeats) and records calls.
final class ScriptedServer: StudyServer, @unchecked Sendable {
    private let lock = NSLock()
    private var definitions: [StudyDefinition]
    private(set) var withdrawals = 0

    /// A server that answers with `definitions` in order.
    init(_ definitions: [StudyDefinition]) {
        self.definitions = definitions
    }

    /// The next definition.
    private func next() -> StudyDefinition {
        lock.lock(); defer { lock.unlock() }
        return definitions.count > 1 ? definitions.removeFirst() : definitions[0]
    }

    func lookUp(_ request: SignUpRequest) async throws(SignUpError) -> StudyInvitation {
        StudyInvitation(definition: next(), address: request.address.isEmpty ? nil : request.address, token: nil)
    }

    func register(_ invitation: StudyInvitation, consent: ConsentAgreement) async throws(SignUpError) -> StudyRegistration {
        StudyRegistration(participantID: "P-1", definition: invitation.definition)
    }

    func fetchDefinition(for membership: StudyMembership) async throws(StudyFetchError) -> StudyDefinition { next() }

    func withdraw(_ membership: StudyMembership) async throws(WithdrawalError) {
        lock.withLock { withdrawals += 1 }
    }
}
