import Foundation
import StudyAPI
import StudyCore
import StudySync
import Synchronization

/// A study server in memory for the station's sending: `POST /results` stores items by id,
/// first write wins, and answers the ids; it can be unreachable, or lose its next answer after
/// storing (the station must then resend without a duplicate). It records every request.
final class FakeResultsServer: HTTPTransport {
    /// What the server holds and how it behaves.
    struct State {
        var reachable = true
        var loseNextAnswer = false
        var items: [UUID: ResultItem] = [:]
        var requests: [HTTPExchange.Request] = []
    }

    private let state = Mutex(State())

    /// Makes the server reachable or not.
    func setReachable(_ reachable: Bool) { state.withLock { $0.reachable = reachable } }
    /// Stores the next batch but loses the answer.
    func loseNextAnswer() { state.withLock { $0.loseNextAnswer = true } }
    /// The items stored.
    var items: [ResultItem] { state.withLock { Array($0.items.values) } }
    /// The requests that reached it.
    var requests: [HTTPExchange.Request] { state.withLock { $0.requests } }

    func send(_ request: HTTPExchange.Request) async throws(HTTPExchange.Failure) -> HTTPExchange.Response {
        let outcome = state.withLock { state -> Result<HTTPExchange.Response, HTTPExchange.Failure> in
            guard state.reachable else { return .failure(HTTPExchange.Failure(reason: "the connection was refused")) }
            state.requests.append(request)
            guard request.method == "POST", request.url.path.hasSuffix("/results"), let body = request.body,
                  let batch = try? APICoding.decoder().decode(ResultBatch.self, from: body) else {
                return .success(HTTPExchange.Response(status: 404, headers: ["content-type": "application/json"],
                                                      body: Data(#"{"error":"not_found","message":"no such route"}"#.utf8)))
            }
            for item in batch.items where state.items[item.id] == nil { state.items[item.id] = item }
            if state.loseNextAnswer {
                state.loseNextAnswer = false
                return .failure(HTTPExchange.Failure(reason: "the connection was cut"))
            }
            let receipt = (try? APICoding.encoder().encode(ResultReceipt(stored: batch.items.map(\.id)))) ?? Data()
            return .success(HTTPExchange.Response(status: 200, headers: ["content-type": "application/json"], body: receipt))
        }
        return try outcome.get()
    }
}
