import Foundation

/// Where studies come from: the embedded local server (folders and the demo) today, a study server
/// over the network next. Every call may wait on a disk or a network, so every call is `async`:
/// the screen runs them as asynchronous work and never waits for one. Each operation says with
/// its own error type how it can fail.
///
/// The participant's data is never sent from here; results go through the outbox.
public protocol StudyServer: Sendable {
    /// Finds the study for what the participant typed. Stores and sends nothing.
    func lookUp(_ request: SignUpRequest) async throws(SignUpError) -> StudyInvitation
    /// Completes registration after the consent was recorded locally; returns the participant
    /// identifier, if any, and the definition to enroll with.
    func register(_ invitation: StudyInvitation, consent: ConsentAgreement) async throws(SignUpError) -> StudyRegistration
    /// The study's current definition, for an enrolled participant (reload decides by its version).
    func fetchDefinition(for membership: StudyMembership) async throws(StudyFetchError) -> StudyDefinition
    /// The definition kept on this computer, when the server keeps one here (a network study's copy),
    /// so the journey starts without asking; nil: ask with `fetchDefinition`.
    func storedDefinition(for membership: StudyMembership) throws(StudyFetchError) -> StudyDefinition?
    /// Tells the server the participant left; must be safe to call again (it is retried).
    func withdraw(_ membership: StudyMembership) async throws(WithdrawalError)
}

extension StudyServer {
    /// Nothing is kept here: the definition is read from where the study lives.
    public func storedDefinition(for membership: StudyMembership) throws(StudyFetchError) -> StudyDefinition? { nil }
}

/// Why the study's definition could not be fetched again; the participant keeps the one stored.
public enum StudyFetchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing could be read at the address (a folder gone, a server not answering).
    case unreachable(address: String, reason: String)
    /// What is there has errors.
    case invalidStudy(address: String, diagnostics: [Diagnostic])
    /// The server answered, but refused.
    case refused(String)

    /// One sentence for the participant.
    public var description: String {
        switch self {
        case .unreachable(let address, let reason):
            return "The study at \(address) cannot be reached: \(reason)."
        case .invalidStudy(let address, let diagnostics):
            return SignUpError.invalidStudy(address: address, diagnostics: diagnostics).description
        case .refused(let message):
            return message
        }
    }
}

/// Why the server could not be told that the participant left; the withdrawal stays recorded
/// locally and is told again later.
public enum WithdrawalError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server did not answer.
    case unreachable(String)
    /// The server answered, but refused.
    case refused(String)

    /// One sentence for the participant.
    public var description: String {
        switch self {
        case .unreachable(let reason): "The study server cannot be reached: \(reason)."
        case .refused(let message): message
        }
    }
}
