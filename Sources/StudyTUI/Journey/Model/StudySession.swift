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

    /// A session.
    public init(membership: StudyMembership, definition: StudyDefinition, consentIsCurrent: Bool = true) {
        self.membership = membership
        self.definition = definition
        self.consentIsCurrent = consentIsCurrent
    }

    /// The study identifier.
    public var studyID: String { membership.studyID }
}
