import Foundation

/// What `StudyStore.finalizeInterruptedKioskSessions` did: the sessions a crash or power loss left
/// open, each now ended as `interrupted` by its own policy.
public struct KioskFinalization: Sendable, Equatable {
    /// Each finalized session's ending, oldest session first.
    public var endings: [KioskSessionEnding]

    /// A finalization.
    public init(endings: [KioskSessionEnding]) { self.endings = endings }

    /// How many sessions were finalized.
    public var count: Int { endings.count }
    /// The finalized sessions' ids, oldest first.
    public var sessionIDs: [UUID] { endings.map(\.session.id) }
}
