import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL
import Synchronization

/// The live transport: one async-http-client for the process (connection pooling, TLS through
/// NIOSSL with the system's trust roots, and a study station's own certificates when it names a
/// file of them), a deadline per request and a cap on the answer's size.
/// A connection that cannot be made fails at once (after at most 10 seconds of connecting):
/// the outbox retries with its own backoff, and the participant never waits on a dead server.
public struct AsyncHTTPTransport: HTTPTransport {
    /// The environment variable that names a PEM file of certificates a study station trusts
    /// besides the system's: a study server with a certificate of the team's own authority, or a
    /// self-signed one.
    public static let trustFileVariable = "STUDYTERM_CA_FILE"

    /// The process's clients by the trust file they add ("" for none), made when first used and
    /// kept for the life of the process.
    private static let clients = Mutex<[String: HTTPClient]>([:])

    /// A PEM file of certificates trusted besides the system's roots (nil: the system's only).
    public var trustFile: String?
    /// How long one request may take, connection included.
    public var timeout: TimeAmount
    /// The largest answer read; a bigger one is a failure.
    public var maximumAnswerBytes: Int

    /// A transport with a 30-second deadline and answers up to 64 MiB (a study with its files).
    public init(timeout: TimeAmount = .seconds(30), maximumAnswerBytes: Int = 64 << 20, trustFile: String? = nil) {
        self.timeout = timeout
        self.maximumAnswerBytes = maximumAnswerBytes
        self.trustFile = trustFile
    }

    /// The client that trusts `file`'s certificates besides the system's. A file that cannot be
    /// read or holds no certificate is named in the failure, and tried again at the next request.
    static func client(trusting file: String?) throws(HTTPExchange.Failure) -> HTTPClient {
        try clients.withLock { clients throws(HTTPExchange.Failure) -> HTTPClient in
            if let made = clients[file ?? ""] { return made }
            var configuration = HTTPClient.Configuration()
            configuration.timeout = HTTPClient.Configuration.Timeout(connect: .seconds(10), read: .seconds(30))
            configuration.connectionPool.retryConnectionEstablishment = false
            configuration.redirectConfiguration = .disallow
            if let file {
                var tls = TLSConfiguration.makeClientConfiguration()
                tls.additionalTrustRoots = [.certificates(try certificates(in: file))]
                configuration.tlsConfiguration = tls
            }
            let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
            clients[file ?? ""] = client
            return client
        }
    }

    /// The certificates of a PEM file.
    static func certificates(in file: String) throws(HTTPExchange.Failure) -> [NIOSSLCertificate] {
        let named = "the certificate file \(file) (\(trustFileVariable))"
        guard FileManager.default.isReadableFile(atPath: file) else {
            throw HTTPExchange.Failure(reason: "\(named) cannot be read: it does not exist or is not readable")
        }
        let found = try? NIOSSLCertificate.fromPEMFile(file)
        guard let found, !found.isEmpty else {
            throw HTTPExchange.Failure(reason: "\(named) holds no PEM certificate (\"-----BEGIN CERTIFICATE-----\")")
        }
        return found
    }

    /// Sends the request with the shared client and reads the whole answer.
    public func send(_ request: HTTPExchange.Request) async throws(HTTPExchange.Failure) -> HTTPExchange.Response {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for field in request.headers { outgoing.headers.add(name: field.name, value: field.value) }
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        let client = try Self.client(trusting: trustFile)
        do {
            let answer = try await client.execute(outgoing, timeout: timeout)
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
