import HummingbirdCore
import Logging
import NIOCore

/// Hummingbird's HTTP/1.1 channel with the connection guard in front: ``ConnectionAdmission``
/// first in the pipeline (before TLS, when there is TLS), and ``RequestHeadTimeout`` after the
/// HTTP decoder.
struct GuardedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let base: HTTP1Channel
    let counter: ConnectionCounter

    /// The channel for `responder` within `limits`, counting connections on `counter`.
    init(responder: @escaping HTTPChannelHandler.Responder, limits: ConnectionLimits, counter: ConnectionCounter) {
        base = HTTP1Channel(responder: responder, configuration: .init(
            additionalChannelHandlers: [RequestHeadTimeout(limits: limits)],
            idleTimeout: TimeAmount(limits.idleTimeout)))
        self.counter = counter
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(ConnectionAdmission(counter: counter), position: .first)
        }.flatMap {
            base.setup(channel: channel, logger: logger)
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}
