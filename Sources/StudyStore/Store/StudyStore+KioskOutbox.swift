import Foundation
import GRDB

extension StudyStore {
    /// The kiosk sessions' unsent, unparked results due at `now` (all of them when `now` is nil),
    /// oldest first: the items of every enrollment a kiosk session made, whatever its participant
    /// code (a station sends them all under its own credentials). Withdrawals are never among them.
    public func pendingKioskOutbox(now: Date?, limit: Int) throws(StoreError) -> [OutboxItem] {
        try database.read("read the station's outbox") { db in
            try OutboxItem.fetchAll(db, sql: """
                SELECT * FROM outbox WHERE acceptedAt IS NULL AND parkedAt IS NULL AND kind != 'withdrawal'
                AND enrollmentID IN (SELECT id FROM enrollment WHERE kioskSessionID IS NOT NULL)
                AND (? IS NULL OR nextAttemptAt IS NULL OR nextAttemptAt <= ?)
                ORDER BY createdAt, rowid LIMIT ?
                """, arguments: [now, now, limit])
        }
    }

    /// How many of the kiosk sessions' results are unsent and not parked.
    public func unsentKioskResultCount() throws(StoreError) -> Int {
        try database.read("count the station's outbox") { db in
            try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM outbox WHERE acceptedAt IS NULL AND parkedAt IS NULL AND kind != 'withdrawal'
                AND enrollmentID IN (SELECT id FROM enrollment WHERE kioskSessionID IS NOT NULL)
                """) ?? 0
        }
    }

    /// The earliest time a kiosk result that failed is due again (nil when none waits for a retry).
    public func nextKioskAttemptAt() throws(StoreError) -> Date? {
        try database.read("read the station's outbox") { db in
            try Date.fetchOne(db, sql: """
                SELECT MIN(nextAttemptAt) FROM outbox WHERE acceptedAt IS NULL AND parkedAt IS NULL AND kind != 'withdrawal'
                AND enrollmentID IN (SELECT id FROM enrollment WHERE kioskSessionID IS NOT NULL)
                """)
        }
    }
}
