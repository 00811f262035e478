import NIOCore
import NIOHTTPTypes

/// Closes a connection whose request head does not arrive in time: within the head timeout of
/// opening, and within the idle timeout after the last response. A client that trickles a head
/// (or sends nothing) holds a connection no longer than that, whatever it sends meanwhile.
final class RequestHeadTimeout: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let headTimeout: TimeAmount
    private let idleTimeout: TimeAmount
    private var timer: Scheduled<Void>?
    private var headsRead = 0
    private var responsesWritten = 0

    /// A handler with the two deadlines.
    init(limits: ConnectionLimits) {
        headTimeout = TimeAmount(limits.headTimeout)
        idleTimeout = TimeAmount(limits.idleTimeout)
    }

    func handlerAdded(context: ChannelHandlerContext) { arm(headTimeout, context: context) }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) {
            headsRead += 1
            timer?.cancel()
            timer = nil
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            responsesWritten += 1
            if responsesWritten >= headsRead { arm(idleTimeout, context: context) }
        }
        context.write(data, promise: promise)
    }

    private func arm(_ amount: TimeAmount, context: ChannelHandlerContext) {
        timer?.cancel()
        let channel = context.channel
        timer = context.eventLoop.scheduleTask(in: amount) { channel.close(promise: nil) }
    }
}
