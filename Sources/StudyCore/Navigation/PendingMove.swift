import Foundation

/// A move a run has worked out but not made (``TaskRun/prepare(_:now:)``): it counts once its
/// snapshot is stored and ``TaskRun/commit(_:)`` makes it. When the snapshot cannot be stored the
/// move is dropped and the run is as it was, so an answer counts only when it is stored.
public struct PendingMove: Sendable {
    /// What was asked.
    public let request: RunRequest
    /// The snapshot a resume would start from, to store before the move counts; nil when the
    /// move stores nothing (a discard, a timeout that keeps no answers, a finished run).
    public let snapshot: RunSnapshot?
    /// The run after the move.
    let after: TaskRun

    /// True when the move ends the run.
    public var finishes: Bool { after.isFinished }
}
