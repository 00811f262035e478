import Foundation

/// The API's paths and header names, as `openapi.json` spells them.
public enum APIRoute {
    /// `GET /health`.
    public static let health = "/health"
    /// `GET`, `POST`, `DELETE /registration`.
    public static let registration = "/registration"
    /// `GET /study`.
    public static let study = "/study"
    /// `POST /results`.
    public static let results = "/results"
    /// `GET /messages`.
    public static let messages = "/messages"
    /// `PUT /messages/{messageId}/acknowledgement`.
    public static func acknowledgement(_ id: UUID) -> String { "/messages/\(id.uuidString.lowercased())/acknowledgement" }
    /// The header that carries the registration token.
    public static let registrationTokenHeader = "StudyTerm-Registration-Token"
}
