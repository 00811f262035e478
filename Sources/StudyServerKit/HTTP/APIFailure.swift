import Foundation
import Hummingbird
import NIOHTTP1
import StudyAPI

/// A refusal: an HTTP status with an ``APIError`` body and optional headers. Handlers throw it;
/// Hummingbird turns it into the response.
struct APIFailure: HTTPResponseError {
    /// The status.
    let status: HTTPResponse.Status
    /// The body.
    let body: APIError
    /// Extra headers (`Retry-After`, `WWW-Authenticate`).
    var headers: HTTPFields = [:]

    /// The JSON response.
    func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = JSONResponse.make(body, status: status)
        response.headers.append(contentsOf: headers)
        return response
    }

    /// 400 for a malformed request part.
    static func badRequest(_ message: String) -> APIFailure { APIFailure(status: .badRequest, body: APIError(.badRequest, message)) }
    /// 400 for a body that is not the JSON expected, naming the field.
    static func invalidJSON(_ message: String, field: String?) -> APIFailure {
        APIFailure(status: .badRequest, body: APIError(.invalidJSON, message, field: field))
    }
    /// 400 for a body whose framing HTTP cannot read (`Transfer-Encoding: xchunked`, a chunk size
    /// that overflows): the client's fault; the connection is closed after the answer.
    static func malformedFraming(_ error: HTTPParserError) -> APIFailure {
        APIFailure(status: .badRequest, body: APIError(.badRequest, "The request's framing is malformed (\(error)); the connection is closed."),
                   headers: [.connection: "close"])
    }
    /// 400 for a body that ended before its length (the client went away mid-body).
    static let bodyCutShort = APIFailure(status: .badRequest, body: APIError(.badRequest, "The request body ended before its length."),
                                         headers: [.connection: "close"])
    /// 401 with the Basic challenge.
    static let unauthorized = APIFailure(status: .unauthorized, body: APIError(.unauthorized, "Missing or wrong participant credentials."),
                                         headers: [.wwwAuthenticate: "Basic realm=\"studyterm\""])
    /// 404.
    static func notFound(_ message: String) -> APIFailure { APIFailure(status: .notFound, body: APIError(.notFound, message)) }
    /// 410 for a withdrawn participant.
    static let withdrawn = APIFailure(status: .gone, body: APIError(.withdrawn, "This participant has withdrawn from the study."))
    /// 503 when the database does not answer.
    static let unavailable = APIFailure(status: .serviceUnavailable, body: APIError(.unavailable, "The study database does not answer; try again later."))
}
