import Foundation

/// What the stored runs say about a study's schedule: the facts the expander needs.
public struct StudyProgress: Sendable, Equatable {
    /// Completed runs that finished recently (since the start of yesterday, at least).
    public var recentCompletions: [TaskCompletion]
    /// Completed runs per task, over the whole enrollment.
    public var completedCounts: [String: Int]

    /// Progress from its parts.
    public init(recentCompletions: [TaskCompletion] = [], completedCounts: [String: Int] = [:]) {
        self.recentCompletions = recentCompletions
        self.completedCounts = completedCounts
    }

    /// All completed runs, over every task.
    public var totalCompleted: Int { completedCounts.values.reduce(0, +) }
}

/// One completed run: its task, the window it was started in, and when it finished.
public struct TaskCompletion: Sendable, Equatable {
    /// The task identifier.
    public var taskID: String
    /// The start of the window the run belonged to, if it had one.
    public var windowStart: Date?
    /// When it finished.
    public var finishedAt: Date

    /// A completion.
    public init(taskID: String, windowStart: Date?, finishedAt: Date) {
        self.taskID = taskID
        self.windowStart = windowStart
        self.finishedAt = finishedAt
    }
}
