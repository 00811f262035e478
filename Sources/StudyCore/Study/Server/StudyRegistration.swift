import Foundation

/// What registering with a study server gives: the participant's identifier and the study in
/// force (a network study's tasks arrive only once the participant is registered).
public struct StudyRegistration: Sendable, Equatable {
    /// The identifier the server gave, if any.
    public var participantID: String?
    /// The definition to enroll with.
    public var definition: StudyDefinition
    /// True when `definition` is only the study's summary (no tasks yet): the journey stores the
    /// enrollment first, then fetches the definition (`fetchDefinition`), so a fetch that hangs or
    /// fails never loses a registration the server accepted.
    public var awaitsDefinition: Bool

    /// A registration.
    public init(participantID: String?, definition: StudyDefinition, awaitsDefinition: Bool = false) {
        self.participantID = participantID
        self.definition = definition
        self.awaitsDefinition = awaitsDefinition
    }
}
