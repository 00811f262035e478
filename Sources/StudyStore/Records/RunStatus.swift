import Foundation
import GRDB
import StudyCore

/// Where a task run stands.
public enum RunStatus: String, Codable, Sendable, Equatable, CaseIterable, DatabaseValueConvertible {
    /// Being answered; it may have a restoration snapshot.
    case inProgress
    /// Finished with every step done.
    case completed
    /// Put aside by the participant ("save for later"); its snapshot is kept for resuming.
    case saved
    /// Thrown away by the participant; no result is kept or sent.
    case discarded
    /// Ended by an error; its result is kept and sent.
    case failed
    /// Ended early by a navigation rule (`exit`); its result is kept and sent.
    case earlyExit
    /// Stopped because the participant was inactive; its result is kept and sent, holding the
    /// answers so far or none, by the partial-answer policy.
    case timedOut

    /// True while the run can take answers and be resumed.
    public var isOpen: Bool { self == .inProgress || self == .saved }

    /// The status a finished run gets for its finish reason.
    public init(_ reason: FinishReason) {
        switch reason {
        case .completed: self = .completed
        case .saved: self = .saved
        case .discarded: self = .discarded
        case .failed: self = .failed
        case .earlyExit: self = .earlyExit
        case .timedOut: self = .timedOut
        }
    }
}
