import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// The live transport: one async-http-client for the process (connection pooling, TLS through
/// NIOSSL with the system's trust roots), a deadline per request and a cap on the answer's size.
/// A connection that cannot be made fails at once (after at most 10 seconds of connecting):
/// the outbox retries with its own backoff, and the participant never waits on a dead server.
public struct AsyncHTTPTransport: HTTPTransport {
    /// The process's client, made when first used.
    static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.timeout = HTTPClient.Configuration.Timeout(connect: .seconds(10), read: .seconds(30))
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.redirectConfiguration = .disallow
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    /// How long one request may take, connection included.
    public var timeout: TimeAmount
    /// The largest answer read; a bigger one is a failure.
    public var maximumAnswerBytes: Int

    /// A transport with a 30-second deadline and answers up to 64 MiB (a study with its files).
    public init(timeout: TimeAmount = .seconds(30), maximumAnswerBytes: Int = 64 << 20) {
        self.timeout = timeout
        self.maximumAnswerBytes = maximumAnswerBytes
    }

    /// Sends the request with the shared client and reads the whole answer.
    public func send(_ request: HTTPExchange.Request) async throws(HTTPExchange.Failure) -> HTTPExchange.Response {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for field in request.headers { outgoing.headers.add(name: field.name, value: field.value) }
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        do {
            let answer = try await Self.client.execute(outgoing, timeout: timeout)
            var headers: [String: String] = [:]
            for field in answer.headers { headers[field.name.lowercased()] = field.value }
            let body = try await answer.body.collect(upTo: maximumAnswerBytes)
            return HTTPExchange.Response(status: Int(answer.status.code), headers: headers, body: Data(body.readableBytesView))
        } catch {
            throw HTTPExchange.Failure(reason: Self.reason(for: error))
        }
    }

    /// A sentence fragment for a failure of the client or the connection.
    static func reason(for error: any Error) -> String {
        if error is CancellationError { return "the request was cancelled" }
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout: return "the server did not answer in time"
            case .remoteConnectionClosed: return "the server closed the connection"
            case .cancelled: return "the request was cancelled"
            default: break
            }
        }
        if error is NIOTooManyBytesError { return "the server's answer was too large" }
        let text = String(describing: error)
        if text.contains("refused") || text.contains("ECONNREFUSED") { return "the connection was refused" }
        if text.contains("reset") || text.contains("ECONNRESET") { return "the connection was reset" }
        if text.lowercased().contains("ssl") || text.lowercased().contains("certificate") || text.contains("TLS") {
            return "the secure connection failed (\(text.prefix(120)))"
        }
        if text.contains("resolve") || text.contains("getaddrinfo") || text.contains("NXDOMAIN") { return "the server's name cannot be found" }
        return "the connection failed (\(text.prefix(120)))"
    }
}
