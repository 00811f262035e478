import Foundation

/// A clock for tests: starts at a fixed instant and moves one second per reading.
public final class TestClock: @unchecked Sendable {
    private var current: Date
    private let lock = NSLock()

    public init(start: Date = Date(timeIntervalSince1970: 1_700_000_000)) { current = start }

    /// The next instant (one second after the previous reading).
    public func now() -> Date {
        lock.lock()
        defer { lock.unlock() }
        current += 1
        return current
    }
}
