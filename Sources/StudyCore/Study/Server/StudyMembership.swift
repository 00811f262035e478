import Foundation

/// The participant's current enrollment as the journey sees it (the store keeps the record).
public struct StudyMembership: Sendable, Equatable {
    /// The study identifier.
    public var studyID: String
    /// The definition version last accepted.
    public var studyVersion: String
    /// The participant identifier the server gave, if any.
    public var participantID: String?
    /// Where the study lives (nil: the embedded default).
    public var address: String?
    /// The registration token used.
    public var token: String?
    /// When the participant enrolled (study day 1 is that calendar day).
    public var enrolledAt: Date

    /// A membership.
    public init(studyID: String, studyVersion: String, participantID: String? = nil, address: String? = nil,
                token: String? = nil, enrolledAt: Date) {
        self.studyID = studyID
        self.studyVersion = studyVersion
        self.participantID = participantID
        self.address = address
        self.token = token
        self.enrolledAt = enrolledAt
    }
}
