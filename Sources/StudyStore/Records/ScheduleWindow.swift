import Foundation

/// The time window a scheduled run belongs to (from the server's expanded schedule).
public struct ScheduleWindow: Sendable, Equatable, Hashable {
    /// When the window opens.
    public var start: Date
    /// When the window closes.
    public var end: Date

    /// A window from `start` to `end`.
    public init(start: Date, end: Date) {
        self.start = start
        self.end = end
    }
}
