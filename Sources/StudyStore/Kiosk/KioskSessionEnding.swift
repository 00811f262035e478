import Foundation

/// What ending a kiosk session did to its runs (for the station's audit log: ids, never answers).
public struct KioskSessionEnding: Sendable, Equatable {
    /// The session as it now stands (ended, with its reason).
    public var session: KioskSessionRecord
    /// Unfinished runs whose answers were kept: finished as incomplete, their results queued for sending.
    public var keptRuns: [UUID]
    /// Unfinished runs dropped: snapshot deleted, no result (policy `discard`, or no answer yet).
    public var discardedRuns: [UUID]
    /// Unfinished runs whose snapshot could not be read: marked `failed` with no result, the
    /// snapshot left in place for staff (never deleted, never resumed).
    public var unreadableRuns: [UUID]

    /// An ending.
    public init(session: KioskSessionRecord, keptRuns: [UUID] = [], discardedRuns: [UUID] = [], unreadableRuns: [UUID] = []) {
        (self.session, self.keptRuns, self.discardedRuns, self.unreadableRuns) = (session, keptRuns, discardedRuns, unreadableRuns)
    }
}

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
