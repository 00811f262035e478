import Foundation
import StudyCore

/// `GET /registration`: what a participant sees before agreeing (`RegistrationInfo`).
public struct RegistrationInfo: Codable, Sendable, Equatable {
    /// The study identifier.
    public var studyID: String
    /// The definition's version.
    public var studyVersion: String
    /// The study's title.
    public var title: String
    /// What the study is for, for participants.
    public var purpose: String
    /// Whom to ask.
    public var contact: APIContact
    /// The consent to agree to.
    public var consent: ConsentText
    /// Shown when the study ends.
    public var finishText: String?

    /// The summary of `definition`.
    public init(_ definition: StudyDefinition, consentSHA256: String) {
        studyID = definition.identifier
        studyVersion = definition.version
        title = definition.title
        purpose = definition.purpose
        contact = APIContact(definition.contact)
        consent = ConsentText(definition, textShownSHA256: consentSHA256)
        finishText = definition.finishText
    }

    private enum CodingKeys: String, CodingKey {
        case studyID = "studyId", studyVersion, title, purpose, contact, consent, finishText
    }
}
