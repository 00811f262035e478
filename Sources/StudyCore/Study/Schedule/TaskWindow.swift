import Foundation

/// A span of time in which a task is due; `end` nil means open until done.
public struct TaskWindow: Sendable, Equatable, Hashable {
    /// When the window opens.
    public var start: Date
    /// When it closes; nil for a window that stays open until the task is done.
    public var end: Date?

    /// A window from `start` to `end`.
    public init(start: Date, end: Date?) {
        self.start = start
        self.end = end
    }

    /// True when `date` falls inside the window.
    public func contains(_ date: Date) -> Bool {
        date >= start && (end.map { date < $0 } ?? true)
    }

    /// True when the window and `[from, to)` share some time.
    public func overlaps(from: Date, to: Date) -> Bool {
        start < to && (end.map { $0 > from } ?? true)
    }

    /// True when both start at the same second (stored dates keep milliseconds only).
    func startsWith(_ date: Date) -> Bool {
        abs(start.timeIntervalSince(date)) < 1
    }
}
