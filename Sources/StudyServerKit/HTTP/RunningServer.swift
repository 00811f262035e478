import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore

/// A server listening on a port, started in the background (tests, and the command line through
/// ``run(api:listen:logger:)``).
public final class RunningServer: Sendable {
    /// The port it listens on.
    public let port: Int
    private let task: Task<Void, any Error>

    private init(port: Int, task: Task<Void, any Error>) {
        self.port = port
        self.task = task
    }

    /// Starts `api` and returns once the socket listens.
    public static func start(api: StudyAPIServer, listen: ListenOptions, logger: Logger) async throws -> RunningServer {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = try application(api: api, listen: listen, logger: logger) { channel in
            continuation.yield(channel.localAddress?.port ?? 0)
            continuation.finish()
        }
        let task = Task { try await app.run() }
        var iterator = stream.makeAsyncIterator()
        guard let port = await iterator.next() else {
            task.cancel()
            try await task.value
            throw ServerSetupError("the server stopped before it listened")
        }
        return RunningServer(port: port, task: task)
    }

    /// Stops it gracefully and waits.
    public func stop() async {
        task.cancel()
        _ = try? await task.value
    }

    /// Runs `api` until SIGTERM or SIGINT (the command line).
    public static func run(api: StudyAPIServer, listen: ListenOptions, logger: Logger,
                           onListening: @escaping @Sendable (Int) async -> Void) async throws {
        let app = try application(api: api, listen: listen, logger: logger) { channel in
            await onListening(channel.localAddress?.port ?? 0)
        }
        try await app.runService()
    }

    /// The queue of connections the kernel holds before they are accepted (capped by
    /// `net.core.somaxconn`): a burst of connects must not make `/health` wait for a SYN retry.
    static let backlog = 4096

    /// The Hummingbird application: HTTP/1.1 behind the connection guard (``GuardedHTTP1Channel``),
    /// plain or TLS from the given files.
    static func application(api: StudyAPIServer, listen: ListenOptions, logger: Logger,
                            onRunning: @escaping @Sendable (any Channel) async -> Void) throws -> some ApplicationProtocol {
        let counter = ConnectionCounter(limits: listen.connections)
        let http1 = HTTPServerBuilder { responder in GuardedHTTP1Channel(responder: responder, limits: listen.connections, counter: counter) }
        let server: HTTPServerBuilder = try listen.tls.map { try .tls(http1, tlsConfiguration: try $0.configuration()) } ?? http1
        return Application(router: api.router(logger: logger), server: server,
                           configuration: ApplicationConfiguration(address: .hostname(listen.host, port: listen.port), serverName: nil,
                                                                   backlog: Self.backlog),
                           onServerRunning: onRunning, logger: logger)
    }
}
