import Foundation

/// A restoration snapshot encoded for storage, once: its JSON form and what a store files it
/// under. The autosave hands this on as it is; nothing between the run and the disk decodes it
/// or encodes it again.
public struct EncodedSnapshot: Sendable, Equatable {
    /// The run the snapshot restores.
    public var taskRunUUID: UUID
    /// When the run started (a store that has no row for the run yet starts one with it).
    public var startDate: Date
    /// The step the run resumes at, `section/child` (nil: the first step).
    public var stepPath: String?
    /// The snapshot's JSON form (``RunSnapshot/json``).
    public var json: JSONValue

    /// Encodes `snapshot`.
    public init(_ snapshot: RunSnapshot) {
        self.init(taskRunUUID: snapshot.taskRunUUID, startDate: snapshot.startDate, stepPath: snapshot.stepPath,
                  json: snapshot.json)
    }

    /// A snapshot already in its JSON form, with what it is filed under.
    public init(taskRunUUID: UUID, startDate: Date, stepPath: String?, json: JSONValue) {
        self.taskRunUUID = taskRunUUID
        self.startDate = startDate
        self.stepPath = stepPath
        self.json = json
    }
}
