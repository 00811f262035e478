import Foundation

/// What the dashboard shows, read in one consistent snapshot of the database.
public struct Dashboard: Sendable, Equatable {
    /// One line per task that has runs, ordered by task identifier.
    public var tasks: [TaskSummary]
    /// Open runs to offer for resuming, most recently touched first.
    public var openRuns: [ResumableRun]
    /// Items waiting for a server.
    public var pendingOutboxCount: Int
    /// Unread notifications (the badge).
    public var unreadNotificationCount: Int

    /// A dashboard from its parts.
    public init(tasks: [TaskSummary], openRuns: [ResumableRun], pendingOutboxCount: Int, unreadNotificationCount: Int) {
        self.tasks = tasks
        self.openRuns = openRuns
        self.pendingOutboxCount = pendingOutboxCount
        self.unreadNotificationCount = unreadNotificationCount
    }
}

/// Counts and the latest state of one task's runs.
public struct TaskSummary: Sendable, Equatable {
    /// The task identifier.
    public var taskID: String
    /// All runs, whatever their status.
    public var runCount: Int
    /// Runs that ended `completed`.
    public var completedCount: Int
    /// The status of the most recently touched run.
    public var latestStatus: RunStatus
    /// When a run of this task last changed.
    public var latestActivity: Date
    /// When a run of this task was last completed.
    public var lastCompletedAt: Date?

    /// A summary from its parts.
    public init(taskID: String, runCount: Int, completedCount: Int, latestStatus: RunStatus, latestActivity: Date,
                lastCompletedAt: Date?) {
        self.taskID = taskID
        self.runCount = runCount
        self.completedCount = completedCount
        self.latestStatus = latestStatus
        self.latestActivity = latestActivity
        self.lastCompletedAt = lastCompletedAt
    }
}
