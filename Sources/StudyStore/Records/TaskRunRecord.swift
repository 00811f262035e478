import Foundation
import GRDB
import StudyCore

/// One run of a task: its identity, schedule window, status and times (table `taskRun`).
public struct TaskRunRecord: Codable, Sendable, Equatable, Identifiable {
    /// The run UUID, the same as the result's `taskRunUUID`; kept across save and restore.
    public var id: UUID
    /// The study the task belongs to.
    public var studyID: String
    /// The task identifier.
    public var taskID: String
    /// When the run's schedule window opens, for scheduled runs.
    public var windowStart: Date?
    /// When the run's schedule window closes, for scheduled runs.
    public var windowEnd: Date?
    /// Where the run stands.
    public var status: RunStatus
    /// When the run started.
    public var startedAt: Date
    /// When the run last changed (an answer, a finish).
    public var updatedAt: Date
    /// When the run finished, once it has.
    public var finishedAt: Date?
    /// The enrollment (participant) it belongs to; nil only for rows of a study no one enrolled in.
    public var enrollmentID: Int64?
    /// The kiosk session that started it; nil for the journey's runs.
    public var kioskSessionID: UUID?
    /// Why the kiosk session ended, on a run that end stopped (kept as incomplete or discarded);
    /// nil for a run that ended by itself.
    public var kioskEndReason: KioskSessionEndReason?

    /// A run that starts now-ish at `startedAt`.
    public init(id: UUID, studyID: String, taskID: String, window: ScheduleWindow? = nil,
                status: RunStatus = .inProgress, startedAt: Date, updatedAt: Date? = nil, finishedAt: Date? = nil,
                enrollmentID: Int64? = nil, kioskSessionID: UUID? = nil) {
        self.id = id
        self.studyID = studyID
        self.taskID = taskID
        self.windowStart = window?.start
        self.windowEnd = window?.end
        self.status = status
        self.startedAt = startedAt
        self.updatedAt = updatedAt ?? startedAt
        self.finishedAt = finishedAt
        self.enrollmentID = enrollmentID
        self.kioskSessionID = kioskSessionID
    }

    /// The schedule window, when the run has one.
    public var window: ScheduleWindow? {
        guard let windowStart, let windowEnd else { return nil }
        return ScheduleWindow(start: windowStart, end: windowEnd)
    }
}

extension TaskRunRecord: FetchableRecord, PersistableRecord {
    /// The table name.
    public static let databaseTableName = "taskRun"
    /// UUIDs are stored as upper-case text, readable with any SQLite tool.
    public static func databaseUUIDEncodingStrategy(for column: String) -> DatabaseUUIDEncodingStrategy { .uppercaseString }
}
