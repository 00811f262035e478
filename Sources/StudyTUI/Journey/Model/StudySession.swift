import Foundation
import StudyCore

/// The study the participant is in: the enrollment and the definition in force.
public struct StudySession: Sendable, Equatable {
    /// The enrollment.
    public var membership: StudyMembership
    /// The definition as last fetched.
    public var definition: StudyDefinition

    /// A session.
    public init(membership: StudyMembership, definition: StudyDefinition) {
        self.membership = membership
        self.definition = definition
    }

    /// The study identifier.
    public var studyID: String { membership.studyID }
}
