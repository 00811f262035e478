import Foundation
import StudyCore

/// A study server that takes `delay` of real time per call (as a far server does) before it asks
/// `inner`, and notes what each call saw: "lookUp started", "lookUp cancelled", "lookUp finished".
final class SlowServer: StudyServer, @unchecked Sendable {
    let inner: any StudyServer
    let delay: Duration
    private let lock = NSLock()
    private var events: [String] = []

    /// When set, calls after the first `gate.passes` wait (after `delay`) until the test opens it,
    /// so that a test decides when a slow answer arrives instead of racing a real-time delay.
    let gate: Gate?

    init(_ inner: any StudyServer, delay: Duration, gate: Gate? = nil) {
        self.inner = inner
        self.delay = delay
        self.gate = gate
    }

    /// Holds calls until opened; the first `passes` calls go through.
    final class Gate: @unchecked Sendable {
        private let lock = NSLock()
        private var left: Int
        private var isOpen = false

        init(passes: Int = 0) { left = passes }

        /// Lets every waiting and later call through.
        func open() { lock.withLock { isOpen = true } }

        /// Waits until the gate opens (or this call is one of the first `passes`); throws when cancelled.
        func pass() async throws {
            let free = lock.withLock { () -> Bool in
                if left > 0 { left -= 1; return true }
                return isOpen
            }
            if free { return }
            while !lock.withLock({ isOpen }) { try await Task.sleep(for: .milliseconds(5)) }
        }
    }

    /// What the calls saw, in order.
    var seen: [String] { lock.withLock { events } }

    private func note(_ event: String) { lock.withLock { events.append(event) } }

    /// Waits `delay`; false when cancelled meanwhile.
    private func wait(_ call: String) async -> Bool {
        note("\(call) started")
        do {
            try await Task.sleep(for: delay)
            try await gate?.pass()
        } catch {
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
