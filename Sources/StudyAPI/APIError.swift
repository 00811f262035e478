import Foundation

/// The body of every refusal: a stable code, a sentence, and the field at fault when there is one.
public struct APIError: Codable, Sendable, Equatable, Error {
    /// A stable code (see ``Code``).
    public var error: String
    /// One sentence for people.
    public var message: String
    /// The JSON path of the field at fault (`items[3].id`), for malformed bodies.
    public var field: String?

    /// The codes the server uses.
    public enum Code: String, Sendable, CaseIterable {
        /// The request is malformed (a header, a parameter).
        case badRequest = "bad_request"
        /// The body is not valid JSON or does not match its schema.
        case invalidJSON = "invalid_json"
        /// Missing or wrong participant credentials.
        case unauthorized
        /// Unknown or used token, unknown message or route.
        case notFound = "not_found"
        /// The request conflicts with the study's state (an outdated consent).
        case conflict
        /// The participant has withdrawn.
        case withdrawn
        /// The body exceeds the limit.
        case tooLarge = "too_large"
        /// The body is not JSON.
        case unsupportedMediaType = "unsupported_media_type"
        /// Too many registration attempts from one address.
        case rateLimited = "rate_limited"
        /// The database does not answer.
        case unavailable
        /// A failure of the server itself.
        case internalError = "internal"
        /// The method is not allowed on the path.
        case methodNotAllowed = "method_not_allowed"
    }

    /// An error body.
    public init(_ code: Code, _ message: String, field: String? = nil) {
        self.error = code.rawValue
        self.message = message
        self.field = field
    }
}
