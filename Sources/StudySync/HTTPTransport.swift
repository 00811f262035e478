import Foundation

/// Sends one HTTP request and returns the whole answer. The live conformer is
/// ``AsyncHTTPTransport``; tests put a fake or a fault-injecting proxy behind it.
public protocol HTTPTransport: Sendable {
    /// The server's answer, whatever its status; throws only when no answer came.
    func send(_ request: HTTPExchange.Request) async throws(HTTPExchange.Failure) -> HTTPExchange.Response
}

/// The request and answer an ``HTTPTransport`` carries.
public enum HTTPExchange {
    /// One request.
    public struct Request: Sendable, Equatable {
        /// `GET`, `POST`, `PUT` or `DELETE`.
        public var method: String
        /// The full URL.
        public var url: URL
        /// Header fields, in order.
        public var headers: [(name: String, value: String)]
        /// The body, if any.
        public var body: Data?
        /// The largest answer body accepted (nil: the transport's own cap); more is a failure.
        public var maximumAnswerBytes: Int?

        /// A request.
        public init(method: String, url: URL, headers: [(name: String, value: String)] = [], body: Data? = nil,
                    maximumAnswerBytes: Int? = nil) {
            self.method = method
            self.url = url
            self.headers = headers
            self.body = body
            self.maximumAnswerBytes = maximumAnswerBytes
        }

        /// Requests are equal when method, URL, headers and body are.
        public static func == (a: Request, b: Request) -> Bool {
            a.method == b.method && a.url == b.url && a.body == b.body && a.maximumAnswerBytes == b.maximumAnswerBytes
                && a.headers.map { "\($0.name):\($0.value)" } == b.headers.map { "\($0.name):\($0.value)" }
        }
    }

    /// One answer.
    public struct Response: Sendable, Equatable {
        /// The status code.
        public var status: Int
        /// Header fields by lower-case name (the last of repeated fields).
        public var headers: [String: String]
        /// The body.
        public var body: Data

        /// An answer.
        public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
            self.status = status
            self.headers = headers
            self.body = body
        }
    }

    /// No answer came: the connection failed, was cut, or the time ran out. Always worth a retry.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// What happened, in words ("the connection was refused").
        public var reason: String

        /// A failure.
        public init(reason: String) { self.reason = reason }

        /// The reason.
        public var description: String { reason }
    }
}
