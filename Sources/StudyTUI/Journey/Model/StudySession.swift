import Foundation
import StudyCore

/// The study the participant is in: the enrollment and the definition in force.
public struct StudySession: Sendable, Equatable {
    /// The enrollment.
    public var membership: StudyMembership
    /// The definition as last fetched.
    public var definition: StudyDefinition
    /// False when the participant agreed to another consent text than this definition's (the study
    /// changed it since): tasks wait until they agree again.
    public var consentIsCurrent: Bool
    /// True while the study's definition has not arrived since joining (only its summary is
    /// here): the journey fetches it on its own.
    public var awaitingTasks = false
    /// Why the last fetch of a definition that has not arrived failed; nil while none failed.
    public var fetchProblem: String?

    /// A session.
    public init(membership: StudyMembership, definition: StudyDefinition, consentIsCurrent: Bool = true) {
        self.membership = membership
        self.definition = definition
        self.consentIsCurrent = consentIsCurrent
    }

    /// The study identifier.
    public var studyID: String { membership.studyID }

    /// The session of an enrollment whose definition can be neither read nor fetched: the study
    /// by its identifier, no tasks yet, and the reason; the journey fetches it again on its own.
    public static func awaitingDefinition(_ membership: StudyMembership, problem: String) -> StudySession {
        let placeholder = StudyDefinition(identifier: membership.studyID, version: membership.studyVersion, title: membership.studyID,
                                          purpose: "", consent: ConsentDocument(version: "", text: ""), tasks: [])
        var session = StudySession(membership: membership, definition: placeholder)
        session.awaitingTasks = true
        session.fetchProblem = problem
        return session
    }
}
