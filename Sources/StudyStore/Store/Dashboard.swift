import Foundation
import StudyCore

/// What the dashboard shows, read in one consistent snapshot of the database.
public struct Dashboard: Sendable, Equatable {
    /// One line per task that has runs, ordered by task identifier.
    public var tasks: [TaskSummary]
    /// Open runs to offer for resuming, most recently touched first.
    public var openRuns: [ResumableRun]
    /// Outbox items waiting for a server (a result has one or more; a withdrawal has one).
    public var pendingOutboxCount: Int
    /// The study's results: stored, completed, not yet sent.
    public var results: ResultCounts
    /// Unread notifications (the badge).
    public var unreadNotificationCount: Int

    /// A dashboard from its parts.
    public init(tasks: [TaskSummary], openRuns: [ResumableRun], pendingOutboxCount: Int, results: ResultCounts = ResultCounts(),
                unreadNotificationCount: Int) {
        self.tasks = tasks
        self.openRuns = openRuns
        self.pendingOutboxCount = pendingOutboxCount
        self.results = results
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
