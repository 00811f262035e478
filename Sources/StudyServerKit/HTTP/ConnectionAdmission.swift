import NIOCore

/// The first handler of every connection: counts it against the caps of a ``ConnectionCounter``
/// and closes it at once when it is over one, before it costs a parser or a timer.
final class ConnectionAdmission: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private enum State { case waiting, admitted(String), refused }

    private let counter: ConnectionCounter
    private var state = State.waiting

    /// A handler counting on `counter`.
    init(counter: ConnectionCounter) { self.counter = counter }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { admit(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        if case .waiting = state { admit(context) }
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        release()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) { release() }

    private func admit(_ context: ChannelHandlerContext) {
        let address = context.channel.remoteAddress?.ipAddress ?? "unknown"
        if counter.admit(address) {
            state = .admitted(address)
        } else {
            state = .refused
            context.close(promise: nil)
        }
    }

    private func release() {
        if case .admitted(let address) = state { counter.release(address) }
        state = .refused
    }
}
