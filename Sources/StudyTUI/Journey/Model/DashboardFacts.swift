import Foundation
import StudyCore

/// What the store says about a study, read in one go for the dashboard.
public struct DashboardFacts: Sendable, Equatable {
    /// Completed runs, for the schedule states.
    public var progress: StudyProgress
    /// Runs started and not finished, most recently touched first (the dashboard offers to resume them).
    public var openRuns: [OpenRun]
    /// Unread inbox messages.
    public var unreadCount: Int
    /// The study's results: stored, completed, not yet sent (one definition: ``ResultCounts``).
    public var results: ResultCounts

    /// Facts from their parts.
    public init(progress: StudyProgress = StudyProgress(), openRuns: [OpenRun] = [], unreadCount: Int = 0,
                results: ResultCounts = ResultCounts()) {
        self.progress = progress
        self.openRuns = openRuns
        self.unreadCount = unreadCount
        self.results = results
    }

    /// The newest open run of a task.
    public func openRun(of taskID: String) -> OpenRun? {
        openRuns.first { $0.taskID == taskID }
    }
}

/// A run that was started and not finished: saved for later, or cut short (a crash, a closed terminal).
public struct OpenRun: Sendable, Equatable {
    /// The run UUID, kept when it resumes.
    public var runID: UUID
    /// The task identifier.
    public var taskID: String
    /// The window the run belongs to.
    public var window: TaskWindow?
    /// The latest restoration snapshot (`RunSnapshot.json`); nil when left before the first answer.
    public var snapshot: JSONValue?
    /// When it last changed.
    public var updatedAt: Date

    /// An open run.
    public init(runID: UUID, taskID: String, window: TaskWindow? = nil, snapshot: JSONValue?, updatedAt: Date) {
        self.runID = runID
        self.taskID = taskID
        self.window = window
        self.snapshot = snapshot
        self.updatedAt = updatedAt
    }
}
