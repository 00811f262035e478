import Foundation
import GRDB

extension StudyStore {
    /// Keeps the credentials a study server gave a participant (replacing earlier ones of that id).
    public func saveCredential(_ credential: ServerCredential) throws(StoreError) {
        try database.write("store the study server's credentials") { db in try credential.save(db) }
    }

    /// The credentials of a participant, if this computer has them.
    public func credential(participantID: String) throws(StoreError) -> ServerCredential? {
        try database.read("read the study server's credentials") { db in try ServerCredential.fetchOne(db, key: participantID) }
    }

    /// Parks an item the server refused for good: it stays unsent, with the reason, until retried.
    public func park(id: UUID, reason: String, at date: Date) throws(StoreError) {
        try database.write("park the refused item") { db in
            try db.execute(sql: """
                UPDATE outbox SET parkedAt = ?, parkedReason = ?, attempts = attempts + 1, lastError = ?, lastAttemptAt = ?
                WHERE id = ? AND acceptedAt IS NULL
                """, arguments: [date, reason, reason, date, id.uuidString])
        }
    }

    /// Makes every parked item due again (staff fixed the cause); returns how many.
    @discardableResult
    public func unparkAll() throws(StoreError) -> Int {
        try database.write("retry the parked items") { db in
            try db.execute(sql: "UPDATE outbox SET parkedAt = NULL, parkedReason = NULL, nextAttemptAt = NULL WHERE parkedAt IS NOT NULL AND acceptedAt IS NULL")
            return db.changesCount
        }
    }

    /// The parked items, oldest first.
    public func parkedOutbox() throws(StoreError) -> [OutboxItem] {
        try database.read("read the parked items") { db in
            try OutboxItem.fetchAll(db, sql: "SELECT * FROM outbox WHERE acceptedAt IS NULL AND parkedAt IS NOT NULL ORDER BY createdAt, rowid")
        }
    }

    /// Records a round of sending: when it was tried, and either success or the failure in words.
    public func recordSync(at date: Date, error: String?) throws(StoreError) {
        try database.write("record the sending") { db in
            if let error {
                try db.execute(sql: """
                    INSERT INTO syncState (id, lastAttemptAt, lastError, lastErrorAt) VALUES (1, ?, ?, ?)
                    ON CONFLICT(id) DO UPDATE SET lastAttemptAt = excluded.lastAttemptAt, lastError = excluded.lastError,
                    lastErrorAt = excluded.lastErrorAt
                    """, arguments: [date, error, date])
            } else {
                try db.execute(sql: """
                    INSERT INTO syncState (id, lastAttemptAt, lastSuccessAt) VALUES (1, ?, ?)
                    ON CONFLICT(id) DO UPDATE SET lastAttemptAt = excluded.lastAttemptAt, lastSuccessAt = excluded.lastSuccessAt,
                    lastError = NULL, lastErrorAt = NULL
                    """, arguments: [date, date])
            }
        }
    }

    /// What Settings shows about sending: items waiting, parked, the next retry, the last success and
    /// error. Only items of participants with a study server count: a study folder's or the demo's
    /// results are never sent, so they never wait. Items are matched to participants by their
    /// enrollment (column `enrollmentID`).
    public func syncSummary() throws(StoreError) -> SyncSummary {
        try database.read("read the sending state") { db in
            let sent = """
                enrollmentID IN (SELECT e.id FROM enrollment e JOIN serverCredential c ON c.participantID = e.participantID)
                """
            let row = try Row.fetchOne(db, sql: """
                SELECT (SELECT COUNT(*) FROM outbox WHERE acceptedAt IS NULL AND parkedAt IS NULL AND \(sent)) AS waiting,
                       (SELECT COUNT(*) FROM outbox WHERE acceptedAt IS NULL AND parkedAt IS NOT NULL) AS parked,
                       (SELECT MIN(nextAttemptAt) FROM outbox WHERE acceptedAt IS NULL AND parkedAt IS NULL AND \(sent)) AS nextAttemptAt,
                       (SELECT MAX(acceptedAt) FROM outbox) AS lastAcceptedAt
                """)
            let state = try Row.fetchOne(db, sql: "SELECT * FROM syncState WHERE id = 1")
            let parked = try Row.fetchAll(db, sql: """
                SELECT parkedReason, COUNT(*) AS n FROM outbox WHERE acceptedAt IS NULL AND parkedAt IS NOT NULL
                GROUP BY parkedReason ORDER BY MIN(parkedAt) LIMIT 5
                """).map { ParkedReason(reason: $0["parkedReason"] ?? "refused", count: $0["n"]) }
            return SyncSummary(waiting: row?["waiting"] ?? 0, parked: row?["parked"] ?? 0, parkedReasons: parked,
                               nextAttemptAt: row?["nextAttemptAt"], lastAcceptedAt: row?["lastAcceptedAt"],
                               lastAttemptAt: state?["lastAttemptAt"], lastSuccessAt: state?["lastSuccessAt"],
                               lastError: state?["lastError"], lastErrorAt: state?["lastErrorAt"])
        }
    }
}

extension StudyStore {
    /// Every participant's server credentials, oldest first.
    public func allCredentials() throws(StoreError) -> [ServerCredential] {
        try database.read("read the study server's credentials") { db in
            try ServerCredential.order(Column("savedAt")).fetchAll(db)
        }
    }

    /// A participant's unsent, unparked items due at `now` (all of them when `now` is nil), oldest
    /// first: the items of the participant's enrollments (through `outbox_pending_by_enrollment`).
    public func pendingOutbox(participantID: String, now: Date?, limit: Int) throws(StoreError) -> [OutboxItem] {
        try database.read("read the outbox") { db in
            try OutboxItem.fetchAll(db, sql: """
                SELECT * FROM outbox WHERE acceptedAt IS NULL AND parkedAt IS NULL
                AND enrollmentID IN (SELECT id FROM enrollment WHERE participantID = ?)
                AND (? IS NULL OR nextAttemptAt IS NULL OR nextAttemptAt <= ?)
                ORDER BY createdAt, rowid LIMIT ?
                """, arguments: [participantID, now, now, limit])
        }
    }

    /// How many of a participant's results (not the withdrawal) are unsent and not parked.
    public func unsentResultCount(participantID: String) throws(StoreError) -> Int {
        try database.read("count the outbox") { db in
            try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM outbox WHERE acceptedAt IS NULL AND parkedAt IS NULL AND kind != 'withdrawal'
                AND enrollmentID IN (SELECT id FROM enrollment WHERE participantID = ?)
                """, arguments: [participantID]) ?? 0
        }
    }
}
