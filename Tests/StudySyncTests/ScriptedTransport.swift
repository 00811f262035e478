import Foundation
@testable import StudySync
import Synchronization

/// A transport that answers from a script: each request gets the first answer whose route
/// matches (`"POST /results"`), the last answer of a route repeating; it records every request.
final class ScriptedTransport: HTTPTransport {
    /// One scripted outcome.
    enum Outcome: Sendable {
        /// An answer.
        case answer(HTTPExchange.Response)
        /// No answer.
        case failure(String)
    }

    private let state = Mutex<(script: [String: [Outcome]], requests: [HTTPExchange.Request])>(([:], []))

    /// A transport with `script` by route.
    init(_ script: [String: [Outcome]] = [:]) { state.withLock { $0.script = script } }

    /// Adds answers to a route.
    func script(_ route: String, _ outcomes: Outcome...) { state.withLock { $0.script[route, default: []] += outcomes } }

    /// The requests made so far.
    var requests: [HTTPExchange.Request] { state.withLock { $0.requests } }

    /// The requests to a route.
    func requests(_ route: String) -> [HTTPExchange.Request] { requests.filter { Self.route($0) == route } }

    /// The scripted answer.
    func send(_ request: HTTPExchange.Request) async throws(HTTPExchange.Failure) -> HTTPExchange.Response {
        let route = Self.route(request)
        let outcome = state.withLock { state -> Outcome in
            state.requests.append(request)
            guard var list = state.script[route], let first = list.first else {
                return .answer(HTTPExchange.Response(status: 404, body: Data(#"{"error":"not_found","message":"no script"}"#.utf8)))
            }
            if list.count > 1 { list.removeFirst() }
            state.script[route] = list
            return first
        }
        switch outcome {
        case .answer(let response): return response
        case .failure(let reason): throw HTTPExchange.Failure(reason: reason)
        }
    }

    /// "POST /results" for a request to `…/results`.
    static func route(_ request: HTTPExchange.Request) -> String {
        var path = request.url.path
        if path.hasPrefix("/api") { path.removeFirst(4) }
        if path.hasPrefix("/messages/") { path = "/messages/{id}/acknowledgement" }
        return "\(request.method) \(path)"
    }
}

extension ScriptedTransport.Outcome {
    /// A JSON answer.
    static func json(_ status: Int, _ body: String, headers: [String: String] = [:]) -> Self {
        .answer(HTTPExchange.Response(status: status, headers: headers.merging(["content-type": "application/json"]) { a, _ in a },
                                      body: Data(body.utf8)))
    }

    /// An answer with no body.
    static func empty(_ status: Int, headers: [String: String] = [:]) -> Self {
        .answer(HTTPExchange.Response(status: status, headers: headers))
    }
}
