import Hummingbird
import NIOCore

/// The request context of every route: the peer's address (for the registration rate limit).
public struct ServerContext: RequestContext {
    /// Hummingbird's storage.
    public var coreContext: CoreRequestContextStorage
    /// The connection's peer.
    public let remoteAddress: SocketAddress?

    /// A context for a request on `source`'s channel.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
