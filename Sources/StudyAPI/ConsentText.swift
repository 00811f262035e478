import Foundation
import StudyCore

/// The consent a registration shows (`Consent`): the document, its notices, and the exact text
/// shown with its SHA-256, which the participant's agreement must repeat.
public struct ConsentText: Codable, Sendable, Equatable {
    /// The consent document's version.
    public var version: String
    /// The consent document (markdown subset).
    public var text: String
    /// The notices to acknowledge.
    public var notices: [APINotice]
    /// `StudyDefinition.consentTextShown`: the document, then each notice, separated by blank lines.
    public var textShown: String
    /// The SHA-256 of `textShown`'s UTF-8 bytes, 64 lower-case hex digits.
    public var textShownSHA256: String

    /// The consent of `definition`, with the digest of its text shown (computed by the caller's SHA-256).
    public init(_ definition: StudyDefinition, textShownSHA256: String) {
        version = definition.consent.version
        text = definition.consent.text
        notices = definition.notices.map { APINotice(identifier: $0.identifier, text: $0.text) }
        textShown = definition.consentTextShown
        self.textShownSHA256 = textShownSHA256
    }
}
