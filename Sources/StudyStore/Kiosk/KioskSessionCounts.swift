import Foundation
import StudyCore

/// What a station's status screen counts: sessions by how they ended, and results waiting to be sent.
public struct KioskSessionCounts: Sendable, Equatable {
    /// Sessions that ended in the period, by end reason (every reason present, zero included).
    public var ended: [KioskSessionEndReason: Int]
    /// Sessions not ended yet (running now, or left open by a crash until finalized).
    public var open: Int
    /// Kiosk sessions' results not yet accepted by a server (parked ones included).
    public var pendingResults: Int
    /// Of those, the ones the server refused for good (parked).
    public var parkedResults: Int
    /// When the oldest pending result was queued; nil when none waits.
    public var oldestPendingAt: Date?

    /// Counts; missing reasons count zero.
    public init(ended: [KioskSessionEndReason: Int] = [:], open: Int = 0, pendingResults: Int = 0, parkedResults: Int = 0,
                oldestPendingAt: Date? = nil) {
        self.ended = Dictionary(uniqueKeysWithValues: KioskSessionEndReason.allCases.map { ($0, ended[$0] ?? 0) })
        (self.open, self.pendingResults, self.parkedResults, self.oldestPendingAt) = (open, pendingResults, parkedResults, oldestPendingAt)
    }

    /// Every session that ended in the period.
    public var endedTotal: Int { ended.values.reduce(0, +) }
}
