import Foundation

/// How long a connection may take over its request head or stay idle, and how many connections
/// the server keeps open, per client address and in all (README: "Running a study", "Slow and
/// many connections").
public struct ConnectionLimits: Sendable, Equatable {
    /// A new connection must send a complete request head within this time, or it is closed.
    public var headTimeout: Duration
    /// After a response, a keep-alive connection must send its next complete request head within
    /// this time; a request whose body stops arriving for this long is closed too.
    public var idleTimeout: Duration
    /// Connections open at once in all; more are closed as soon as they are accepted.
    public var maxConnections: Int
    /// Connections open at once from one client address (the TCP peer); more are closed at once.
    public var maxConnectionsPerAddress: Int

    /// The defaults: 10 s for a request head, 75 s idle (longer than the app's client keeps an idle
    /// connection, 60 s, so the client closes first), 10,000 connections, 256 from one address.
    public init(headTimeout: Duration = .seconds(10), idleTimeout: Duration = .seconds(75),
                maxConnections: Int = 10_000, maxConnectionsPerAddress: Int = 256) {
        self.headTimeout = headTimeout
        self.idleTimeout = idleTimeout
        self.maxConnections = maxConnections
        self.maxConnectionsPerAddress = maxConnectionsPerAddress
    }

    /// The total cap lowered to what the process's open-file limit leaves, keeping `reserve`
    /// descriptors for the database, the log and the listening socket: past the limit, accepting
    /// fails for everyone, `/health` included.
    public func fitted(toOpenFileLimit limit: Int, reserve: Int = 256) -> ConnectionLimits {
        var fitted = self
        fitted.maxConnections = max(1, min(maxConnections, limit - reserve))
        fitted.maxConnectionsPerAddress = min(maxConnectionsPerAddress, fitted.maxConnections)
        return fitted
    }

    /// The soft limit on open files, raised to the hard limit first (as servers do at start).
    public static func raiseOpenFileLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return limit.rlim_cur > rlim_t(Int32.max) ? Int(Int32.max) : Int(limit.rlim_cur)
    }
}
