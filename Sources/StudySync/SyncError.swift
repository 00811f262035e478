import Foundation
import StudyAPI

/// Why a request to the study server did not do what it should. Network failures, 5xx and 429
/// are worth a retry later; other refusals (4xx) are not, and say why.
public enum SyncError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No answer came (a refused, cut or slow connection).
    case unreachable(String)
    /// The server answered that it failed or is busy (5xx, 429).
    case serverFailed(status: Int, message: String)
    /// The server refused the request (4xx other than 429), with its reason when it gave one.
    case refused(status: Int, error: APIError?)
    /// The server answered success, but with a body this version cannot read.
    case invalidAnswer(String)

    /// True when the same request may succeed later.
    public var isRetryable: Bool {
        switch self {
        case .unreachable, .serverFailed, .invalidAnswer: true
        case .refused: false
        }
    }

    /// The server's sentence, or a sentence about the status.
    public var description: String {
        switch self {
        case .unreachable(let reason):
            return "The study server cannot be reached: \(reason)."
        case .serverFailed(let status, let message):
            return status == 429 ? "The study server is busy (\(message)); StudyTerm tries again later."
                : "The study server failed (HTTP \(status)): \(message)"
        case .refused(let status, let error):
            return error.map { "The study server refused (HTTP \(status)): \($0.message)" } ?? "The study server refused (HTTP \(status))."
        case .invalidAnswer(let what):
            return "The study server's answer cannot be read: \(what)."
        }
    }

    /// The error a non-success answer stands for.
    static func answer(_ response: HTTPExchange.Response) -> SyncError {
        let error = try? APICoding.decoder().decode(APIError.self, from: response.body)
        let message = error?.message ?? HTTPStatusText.phrase(response.status)
        switch response.status {
        case 429, 500...599: return .serverFailed(status: response.status, message: message)
        default: return .refused(status: response.status, error: error)
        }
    }
}

/// Reason phrases for the statuses a study server answers.
enum HTTPStatusText {
    /// "Service Unavailable" for 503, and so on; "HTTP n" for others.
    static func phrase(_ status: Int) -> String {
        switch status {
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 409: "Conflict"
        case 413: "Content Too Large"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: "HTTP \(status)"
        }
    }
}
