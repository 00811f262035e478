import Foundation

/// An open run the dashboard can offer to resume, with its latest restoration snapshot.
public struct ResumableRun: Sendable, Equatable {
    /// The run (status `inProgress` or `saved`).
    public var run: TaskRunRecord
    /// The latest snapshot; nil when the run was left before its first answer.
    public var snapshot: SnapshotRecord?

    /// Pairs a run with its snapshot.
    public init(run: TaskRunRecord, snapshot: SnapshotRecord?) {
        self.run = run
        self.snapshot = snapshot
    }
}
