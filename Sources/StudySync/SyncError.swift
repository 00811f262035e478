import Foundation
import StudyAPI

/// Why a request to the study server did not do what it should. Network failures, redirects
/// (3xx), 5xx and 429 are worth a retry later; other refusals (4xx) are not, and say why.
public enum SyncError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No answer came (a refused, cut or slow connection).
    case unreachable(String)
    /// The server answered that it failed (5xx), or with a redirect (3xx), which is never followed.
    case serverFailed(status: Int, message: String)
    /// The server is busy (429); `retryAfter` is its checked `Retry-After` in seconds, if it gave one.
    case busy(retryAfter: Int?, message: String)
    /// The server refused the request (4xx other than 429), with its reason when it gave one.
    case refused(status: Int, error: APIError?)
    /// The server answered success, but with a body this version cannot read.
    case invalidAnswer(String)

    /// True when the same request may succeed later.
    public var isRetryable: Bool {
        switch self {
        case .unreachable, .serverFailed, .busy, .invalidAnswer: true
        case .refused: false
        }
    }

    /// The server's sentence, or a sentence about the status.
    public var description: String {
        switch self {
        case .unreachable(let reason):
            return "The study server cannot be reached: \(reason)."
        case .serverFailed(let status, let message):
            return "The study server failed (HTTP \(status)): \(message)"
        case .busy(let seconds?, let message):
            return "The study server is busy (\(message)); StudyTerm tries again in \(Self.duration(seconds))."
        case .busy(nil, let message):
            return "The study server is busy (\(message)); StudyTerm tries again later."
        case .refused(let status, let error):
            return error.map { "The study server refused (HTTP \(status)): \($0.message)" } ?? "The study server refused (HTTP \(status))."
        case .invalidAnswer(let what):
            return "The study server's answer cannot be read: \(what)."
        }
    }

    /// The server's `Retry-After` when it is a number of seconds (at most 6 digits), bounded to an
    /// hour; nil for a date, a negative, a fraction or anything else.
    public var retryAfter: Int? {
        guard case .busy(let seconds, _) = self else { return nil }
        return seconds
    }

    /// The error a non-success answer stands for. The server's sentence is kept only when the body
    /// is a small API error; a redirect is a server failure (the client never follows one).
    static func answer(_ response: HTTPExchange.Response) -> SyncError {
        let error = response.body.count <= 16 * 1024 ? try? APICoding.decoder().decode(APIError.self, from: response.body) : nil
        let message = error?.message ?? HTTPStatusText.phrase(response.status)
        switch response.status {
        case 300...399:
            return .serverFailed(status: response.status, message: "it answered with a redirect to another address, which StudyTerm does not follow")
        case 429: return .busy(retryAfter: Self.seconds(response.headers["retry-after"]), message: message)
        case 400...499: return .refused(status: response.status, error: error)
        default: return .serverFailed(status: response.status, message: message)
        }
    }

    /// A `Retry-After` header in seconds: 1 to 6 ASCII digits, bounded to 1...3600.
    static func seconds(_ header: String?) -> Int? {
        guard let text = header?.trimmingCharacters(in: .whitespaces), (1...6).contains(text.utf8.count),
              text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }), let value = Int(text) else { return nil }
        return min(max(value, 1), 3600)
    }

    /// "2 seconds", "1 minute", "5 minutes".
    static func duration(_ seconds: Int) -> String {
        if seconds < 60 { return seconds == 1 ? "1 second" : "\(seconds) seconds" }
        let minutes = (seconds + 59) / 60
        return minutes == 1 ? "1 minute" : "\(minutes) minutes"
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
