import Foundation

/// One line of the participant's day: a task, the window that matters today, and its state.
public struct AgendaItem: Sendable, Equatable {
    /// The task.
    public var task: StudyTask
    /// The window shown: today's, the next one, or the single window of a once task; nil when ended.
    public var window: TaskWindow?
    /// Where the window stands.
    public var state: WindowState
    /// True when the window overlaps today.
    public var isToday: Bool

    /// An agenda line.
    public init(task: StudyTask, window: TaskWindow?, state: WindowState, isToday: Bool) {
        self.task = task
        self.window = window
        self.state = state
        self.isToday = isToday
    }

    /// True when the participant may start the task now.
    public var canStart: Bool { state == .open }
}
