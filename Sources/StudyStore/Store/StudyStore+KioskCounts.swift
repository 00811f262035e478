import Foundation
import GRDB
import StudyCore

extension StudyStore {
    /// The status screen's counts: kiosk sessions that ended at or after `since` (the start of the
    /// station's day) by end reason (index `kioskSession_ended`), the sessions still open, and the
    /// kiosk sessions' results no server has accepted yet with the time the oldest was queued
    /// (index `outbox_pending`). A result counts once, whatever number of outbox items it has.
    public func kioskSessionCounts(since: Date) throws(StoreError) -> KioskSessionCounts {
        try database.read("count the kiosk sessions") { db in
            var ended: [KioskSessionEndReason: Int] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT endReason, COUNT(*) AS n FROM kioskSession WHERE endedAt IS NOT NULL AND endedAt >= ? GROUP BY endReason
                """, arguments: [since]) {
                if let reason = KioskSessionEndReason(rawValue: row["endReason"] ?? "") { ended[reason] = row["n"] }
            }
            let open = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM kioskSession WHERE endedAt IS NULL") ?? 0
            let pending = try Row.fetchOne(db, sql: """
                SELECT COUNT(DISTINCT o.runID) AS pending,
                       COUNT(DISTINCT CASE WHEN o.parkedAt IS NOT NULL THEN o.runID END) AS parked,
                       MIN(o.createdAt) AS oldest
                FROM outbox o WHERE o.acceptedAt IS NULL AND o.runID IS NOT NULL
                AND o.enrollmentID IN (SELECT e.id FROM enrollment e WHERE e.kioskSessionID IS NOT NULL)
                """)
            return KioskSessionCounts(ended: ended, open: open, pendingResults: pending?["pending"] ?? 0,
                                      parkedResults: pending?["parked"] ?? 0, oldestPendingAt: pending?["oldest"])
        }
    }
}
