import Foundation

/// Where studies come from: sign-up, registration after consent, reload and leaving. The journey
/// talks only to this protocol, so a network server plugs in without touching the screens.
///
/// Calls are synchronous (the journey runs them as loop commands); a network conformer is expected
/// to bound them with timeouts.
public protocol StudyServer: Sendable {
    /// Finds the study for what the participant typed. Stores and sends nothing.
    func lookUp(_ request: SignUpRequest) throws(SignUpError) -> StudyInvitation
    /// Completes registration after the consent was recorded locally; returns the participant identifier, if any.
    func register(_ invitation: StudyInvitation, consent: ConsentAgreement) throws(SignUpError) -> String?
    /// The study's current definition, for an enrolled participant (reload decides by its version).
    func fetchDefinition(for membership: StudyMembership) throws(SignUpError) -> StudyDefinition
    /// Tells the server the participant left; must be safe to call again (it is retried).
    func withdraw(_ membership: StudyMembership) throws(SignUpError)
}
