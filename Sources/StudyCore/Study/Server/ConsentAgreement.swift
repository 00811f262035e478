import Foundation

/// What the participant agreed to, recorded before anything else when they agree.
public struct ConsentAgreement: Sendable, Equatable {
    /// The study identifier.
    public var studyID: String
    /// The study definition version shown.
    public var definitionVersion: String
    /// The consent document's own version.
    public var consentVersion: String
    /// The exact text shown (`StudyDefinition.consentTextShown`); the store keeps its SHA-256.
    public var text: String
    /// The notices acknowledged, by identifier.
    public var acknowledgedNotices: [String]
    /// When the participant agreed.
    public var agreedAt: Date

    /// The agreement to `definition` at `agreedAt`, every notice acknowledged.
    public init(definition: StudyDefinition, agreedAt: Date) {
        studyID = definition.identifier
        definitionVersion = definition.version
        consentVersion = definition.consent.version
        text = definition.consentTextShown
        acknowledgedNotices = definition.notices.map(\.identifier)
        self.agreedAt = agreedAt
    }
}
