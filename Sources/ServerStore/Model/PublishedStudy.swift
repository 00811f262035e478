import Foundation

/// One published version of the study, as every server process serves it: the encoded
/// documents are stored whole, so a stateless process needs nothing but the database.
public struct PublishedStudy: Sendable, Equatable {
    /// The study identifier.
    public var studyID: String
    /// The definition's version.
    public var version: String
    /// The consent document's version.
    public var consentVersion: String
    /// The SHA-256 of the exact consent text shown.
    public var consentSHA256: String
    /// `GET /registration`'s body (an encoded `RegistrationInfo`).
    public var registrationInfo: Data
    /// `GET /study`'s body (an encoded `StudyDocument`).
    public var document: Data
    /// The document's ETag (quoted SHA-256 of `document`).
    public var etag: String
    /// When it was published.
    public var publishedAt: Date

    /// A published version.
    public init(studyID: String, version: String, consentVersion: String, consentSHA256: String,
                registrationInfo: Data, document: Data, etag: String, publishedAt: Date) {
        self.studyID = studyID
        self.version = version
        self.consentVersion = consentVersion
        self.consentSHA256 = consentSHA256
        self.registrationInfo = registrationInfo
        self.document = document
        self.etag = etag
        self.publishedAt = publishedAt
    }
}
