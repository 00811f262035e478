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
