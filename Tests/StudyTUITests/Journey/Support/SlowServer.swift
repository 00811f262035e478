import Foundation
import StudyCore

/// A study server that takes `delay` of real time per call (as a far server does) before it asks
/// `inner`, and notes what each call saw: "lookUp started", "lookUp cancelled", "lookUp finished".
final class SlowServer: StudyServer, @unchecked Sendable {
    let inner: any StudyServer
    let delay: Duration
    private let lock = NSLock()
    private var events: [String] = []

    init(_ inner: any StudyServer, delay: Duration) {
        self.inner = inner
        self.delay = delay
    }

    /// What the calls saw, in order.
    var seen: [String] { lock.withLock { events } }

    private func note(_ event: String) { lock.withLock { events.append(event) } }

    /// Waits `delay`; false when cancelled meanwhile.
    private func wait(_ call: String) async -> Bool {
        note("\(call) started")
        do { try await Task.sleep(for: delay) } catch {
            note("\(call) cancelled")
            return false
        }
        note("\(call) finished")
        return true
    }

    func lookUp(_ request: SignUpRequest) async throws(SignUpError) -> StudyInvitation {
        guard await wait("lookUp") else { throw .server("cancelled") }
        return try await inner.lookUp(request)
    }

    func register(_ invitation: StudyInvitation, consent: ConsentAgreement) async throws(SignUpError) -> StudyRegistration {
        guard await wait("register") else { throw .server("cancelled") }
        return try await inner.register(invitation, consent: consent)
    }

    func fetchDefinition(for membership: StudyMembership) async throws(StudyFetchError) -> StudyDefinition {
        guard await wait("fetchDefinition") else { throw .refused("cancelled") }
        return try await inner.fetchDefinition(for: membership)
    }

    func withdraw(_ membership: StudyMembership) async throws(WithdrawalError) {
        guard await wait("withdraw") else { throw .refused("cancelled") }
        try await inner.withdraw(membership)
    }
}
