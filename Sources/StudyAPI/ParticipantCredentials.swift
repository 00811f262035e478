import Foundation

/// `POST /registration`'s answer (`Credentials`): the participant's id and key, shown once.
/// Requests send them as HTTP Basic (user: participant id, password: key).
public struct ParticipantCredentials: Codable, Sendable, Equatable {
    /// The study joined.
    public var studyID: String
    /// The participant's id.
    public var participantID: String
    /// The API key (the server keeps only its SHA-256).
    public var apiKey: String

    /// Credentials.
    public init(studyID: String, participantID: String, apiKey: String) {
        self.studyID = studyID
        self.participantID = participantID
        self.apiKey = apiKey
    }

    /// The `Authorization` header value.
    public var authorization: String {
        "Basic " + Data("\(participantID):\(apiKey)".utf8).base64EncodedString()
    }

    private enum CodingKeys: String, CodingKey {
        case studyID = "studyId", participantID = "participantId", apiKey
    }
}
