import Foundation
import GRDB

/// Proof of which consent text was agreed to, and when (table `consent`).
public struct ConsentRecord: Codable, Sendable, Equatable, Identifiable {
    /// The row id, set when stored.
    public var id: Int64?
    /// The study identifier.
    public var studyID: String
    /// The study definition version that carried the text.
    public var definitionVersion: String
    /// SHA-256 (lower-case hex) of the exact text shown, as UTF-8.
    public var textSHA256: String
    /// When the participant agreed.
    public var agreedAt: Date
    /// The enrollment the consent belongs to; nil between agreeing and enrolling (enrolling claims it).
    public var enrollmentID: Int64?
    /// The language the text was shown in (a BCP 47 tag); nil where none was chosen (the journey).
    public var language: String?

    /// A record for the exact `text` shown; only its hash is kept.
    public init(studyID: String, definitionVersion: String, text: String, agreedAt: Date, enrollmentID: Int64? = nil,
                language: String? = nil) {
        self.studyID = studyID
        self.definitionVersion = definitionVersion
        self.textSHA256 = TextDigest.sha256Hex(text)
        self.agreedAt = agreedAt
        self.enrollmentID = enrollmentID
        self.language = language
    }
}

extension ConsentRecord: FetchableRecord, MutablePersistableRecord {
    /// The table name.
    public static let databaseTableName = "consent"

    /// Keeps the row id SQLite chose.
    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}
