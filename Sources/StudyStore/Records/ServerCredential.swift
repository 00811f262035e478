import Foundation
import GRDB

/// Credentials a study server gave a participant (table `serverCredential`). The key is kept in
/// clear because the app must send it; the database file is 0600 in a 0700 folder, and nothing
/// writes the key anywhere else.
public struct ServerCredential: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    /// The participant's id on the server.
    public var participantID: String
    /// The study.
    public var studyID: String
    /// The server's base URL.
    public var baseURL: String
    /// The API key.
    public var apiKey: String
    /// When the server gave them.
    public var savedAt: Date

    /// Credentials.
    public init(participantID: String, studyID: String, baseURL: String, apiKey: String, savedAt: Date) {
        self.participantID = participantID
        self.studyID = studyID
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.savedAt = savedAt
    }

    /// The table name.
    public static let databaseTableName = "serverCredential"
}
