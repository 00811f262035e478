import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL
import Synchronization

/// The live transport: one async-http-client for the process (connection pooling, TLS through
/// NIOSSL with the system's trust roots, and a study station's own certificates when it names a
/// file of them). Every request has three limits (the README names them): a connect timeout
/// (``connectTimeout``), an idle timeout (``idleTimeout``: no byte for that long) and a total
/// deadline (``deadline``: the whole answer, body included, so a body trickled a byte at a time
/// ends too). The body is read as a stream up to the request's cap and refused past it.
/// A failure is worth a retry: the outbox retries with its own backoff, and the participant never
/// waits on a dead or slow server for longer than the deadline.
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
    /// The longest wait for a connection to be made (TLS included): 5 seconds.
    public static let connectTimeout: TimeAmount = .seconds(5)
    /// The longest wait for the next byte of an answer: 10 seconds.
    public static let idleTimeout: TimeAmount = .seconds(10)
    /// The default total deadline of one request, answer body included: 30 seconds.
    public static let defaultDeadline: Double = 30

    /// How long one request may take in all, connection and whole body included, in seconds.
    public var deadline: Double
    /// The largest answer read when the request names no cap of its own.
    public var maximumAnswerBytes: Int

    /// A transport with a 30-second total deadline and answers up to 1 MiB unless a request says otherwise.
    public init(deadline: Double = AsyncHTTPTransport.defaultDeadline, maximumAnswerBytes: Int = 1 << 20, trustFile: String? = nil) {
        self.deadline = deadline
        self.maximumAnswerBytes = maximumAnswerBytes
        self.trustFile = trustFile
    }

    /// The client that trusts `file`'s certificates besides the system's. A file that cannot be
    /// read or holds no certificate is named in the failure, and tried again at the next request.
    static func client(trusting file: String?) throws(HTTPExchange.Failure) -> HTTPClient {
        try clients.withLock { clients throws(HTTPExchange.Failure) -> HTTPClient in
            if let made = clients[file ?? ""] { return made }
            var configuration = HTTPClient.Configuration()
            configuration.timeout = HTTPClient.Configuration.Timeout(connect: connectTimeout, read: idleTimeout)
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

    /// Sends the request with the shared client and reads the whole answer, within the deadline
    /// and up to the request's cap.
    public func send(_ request: HTTPExchange.Request) async throws(HTTPExchange.Failure) -> HTTPExchange.Response {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for field in request.headers { outgoing.headers.add(name: field.name, value: field.value) }
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        let client = try Self.client(trusting: trustFile)
        let limit = request.maximumAnswerBytes ?? maximumAnswerBytes
        let seconds = deadline, prepared = outgoing
        do {
            return try await Deadline.run(seconds: seconds) {
                let answer = try await client.execute(prepared, timeout: .milliseconds(Int64(seconds * 1000)))
                var headers: [String: String] = [:]
                for field in answer.headers { headers[field.name.lowercased()] = field.value }
                if let declared = headers["content-length"].flatMap(Int.init), declared > limit { throw AnswerTooLarge(limit: limit) }
                var body = Data()
                for try await chunk in answer.body {
                    guard chunk.readableBytes <= limit - body.count else { throw AnswerTooLarge(limit: limit) }
                    body.append(contentsOf: chunk.readableBytesView)
                }
                return HTTPExchange.Response(status: Int(answer.status.code), headers: headers, body: body)
            }
        } catch {
            throw HTTPExchange.Failure(reason: Self.reason(for: error, deadline: seconds))
        }
    }

    /// An answer past its cap.
    struct AnswerTooLarge: Error {
        /// The cap in bytes.
        var limit: Int
    }

    /// A sentence fragment for a failure of the client or the connection.
    static func reason(for error: any Error, deadline: Double = defaultDeadline) -> String {
        if error is Deadline.Passed { return "the server did not send its whole answer within \(Int(deadline)) seconds" }
        if let error = error as? AnswerTooLarge { return "the server's answer is larger than the \(ByteSize.words(error.limit)) StudyTerm accepts for it" }
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
