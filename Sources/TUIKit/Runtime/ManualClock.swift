import Foundation

/// A clock that only moves when told to: the deterministic time source for tests.
///
/// It is a class so the terminal script and the loop share one time line; a lock makes it
/// safe to read from the `@Sendable` ``MonotonicClock`` closure.
public final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var elapsed: Duration

    /// A clock starting at `start` (zero by default).
    public init(start: Duration = .zero) {
        elapsed = start
    }

    /// The current time.
    public var now: Duration {
        lock.withLock { elapsed }
    }

    /// Moves time forward by `duration` (negative amounts are ignored).
    public func advance(by duration: Duration) {
        guard duration > .zero else { return }
        lock.withLock { elapsed += duration }
    }

    /// This clock as the loop's ``MonotonicClock``.
    public var monotonic: MonotonicClock {
        MonotonicClock { [self] in now }
    }
}
