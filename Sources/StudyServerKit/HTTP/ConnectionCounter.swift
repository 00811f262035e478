import NIOConcurrencyHelpers

/// The connections open now, per client address and in all, shared by every event loop.
final class ConnectionCounter: Sendable {
    private struct Counts {
        var total = 0
        var byAddress: [String: Int] = [:]
    }

    private let limits: ConnectionLimits
    private let counts = NIOLockedValueBox(Counts())

    /// A counter enforcing `limits`' caps.
    init(limits: ConnectionLimits) { self.limits = limits }

    /// Counts a new connection from `address`; false (and nothing counted) past either cap.
    func admit(_ address: String) -> Bool {
        counts.withLockedValue { counts in
            let fromAddress = counts.byAddress[address, default: 0]
            guard counts.total < limits.maxConnections, fromAddress < limits.maxConnectionsPerAddress else { return false }
            counts.total += 1
            counts.byAddress[address] = fromAddress + 1
            return true
        }
    }

    /// Forgets a connection `admit` counted.
    func release(_ address: String) {
        counts.withLockedValue { counts in
            counts.total -= 1
            let left = counts.byAddress[address, default: 1] - 1
            counts.byAddress[address] = left > 0 ? left : nil
        }
    }

    /// Connections open now (tests).
    var open: Int { counts.withLockedValue { $0.total } }
}
