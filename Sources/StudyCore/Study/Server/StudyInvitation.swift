import Foundation

/// A study the participant may join: its definition and how it was reached. Nothing is stored
/// until the participant agrees to the consent.
public struct StudyInvitation: Sendable, Equatable {
    /// The study as the server gives it.
    public var definition: StudyDefinition
    /// The canonical address (nil for the embedded default).
    public var address: String?
    /// The normalised registration token, when one was used.
    public var token: String?

    /// An invitation.
    public init(definition: StudyDefinition, address: String?, token: String?) {
        self.definition = definition
        self.address = address
        self.token = token
    }
}
