import Foundation

/// What registering with a study server gives: the participant's identifier and the study in
/// force (a network study's tasks arrive only once the participant is registered).
public struct StudyRegistration: Sendable, Equatable {
    /// The identifier the server gave, if any.
    public var participantID: String?
    /// The definition to enroll with.
    public var definition: StudyDefinition

    /// A registration.
    public init(participantID: String?, definition: StudyDefinition) {
        self.participantID = participantID
        self.definition = definition
    }
}
