import Foundation
import StudyCore

/// `GET /study`: the definition in force with its files (`StudyDocument`). Its ETag is the
/// SHA-256 of the encoded document, so any change of a file changes it.
public struct StudyDocument: Codable, Sendable, Equatable {
    /// The study identifier.
    public var studyID: String
    /// The definition's version (reload decides by it).
    public var version: String
    /// `study.json` as published.
    public var definition: JSONValue
    /// The consent file, the task files and the resources they name.
    public var files: [StudyFile]

    /// A document.
    public init(studyID: String, version: String, definition: JSONValue, files: [StudyFile]) {
        self.studyID = studyID
        self.version = version
        self.definition = definition
        self.files = files
    }

    private enum CodingKeys: String, CodingKey {
        case studyID = "studyId", version, definition, files
    }
}
