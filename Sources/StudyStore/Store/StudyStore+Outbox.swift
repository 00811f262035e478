import Foundation
import GRDB

extension StudyStore {
    /// Items no server has accepted, not parked, and due (no backoff pending at `now`), oldest first.
    public func pendingOutbox(now: Date, limit: Int = 500) throws(StoreError) -> [OutboxItem] {
        try database.read("read the outbox") { db in
            try OutboxItem.fetchAll(db, sql: """
                SELECT * FROM outbox WHERE acceptedAt IS NULL AND parkedAt IS NULL AND (nextAttemptAt IS NULL OR nextAttemptAt <= ?)
                ORDER BY createdAt, rowid LIMIT ?
                """, arguments: [now, limit])
        }
    }

    /// How many items wait for a server (due or not).
    public func pendingOutboxCount() throws(StoreError) -> Int {
        try database.read("count the outbox") { db in try Self.pendingCount(db, scope: .all) }
    }

    /// Marks the items a server confirmed as accepted; returns how many were pending. Unknown ids are ignored.
    @discardableResult
    public func markAccepted(ids: [UUID], at date: Date) throws(StoreError) -> Int {
        try database.write("mark outbox items sent") { db in
            var changed = 0
            let statement = try db.cachedStatement(sql: "UPDATE outbox SET acceptedAt = ? WHERE id = ? AND acceptedAt IS NULL")
            for id in ids {
                try statement.execute(arguments: [date, id.uuidString])
                changed += db.changesCount
            }
            return changed
        }
    }

    /// Records a failed send: counts the attempt, keeps the message, and waits until `retryAt` (backoff).
    public func recordFailure(id: UUID, error message: String, at date: Date, retryAt: Date?) throws(StoreError) {
        try database.write("record the failed send") { db in
            try db.execute(sql: """
                UPDATE outbox SET attempts = attempts + 1, lastError = ?, lastAttemptAt = ?, nextAttemptAt = ?
                WHERE id = ? AND acceptedAt IS NULL
                """, arguments: [message, date, retryAt, id.uuidString])
        }
    }

    /// Every outbox item, accepted ones included, oldest first (export and tests).
    public func allOutboxItems() throws(StoreError) -> [OutboxItem] {
        try database.read("read the outbox") { db in try OutboxItem.fetchAll(db, sql: "SELECT * FROM outbox ORDER BY createdAt, rowid") }
    }

    /// Pending items in `scope`, through the partial index `outbox_pending` (`outbox_pending_by_enrollment`).
    static func pendingCount(_ db: Database, scope: RowScope) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM outbox o WHERE \(scope.condition("o")) AND acceptedAt IS NULL",
                         arguments: scope.arguments) ?? 0
    }
}
