import Foundation
import GRDB

extension StudyStore {
    /// A station's `retention.deleteAfterUpload`: for every kiosk run whose outbox items a server
    /// has all accepted, deletes the stored result (answers, QuestionnaireResponse, Observations)
    /// and empties the items' payloads, in one transaction. The run's row (task, times, status,
    /// end reason) and the items' metadata stay, so counts, the status file and the audit of what
    /// was sent still add up. Returns how many results it deleted.
    @discardableResult
    public func deleteUploadedKioskResults() throws(StoreError) -> Int {
        try database.write("delete the results the server confirmed") { db in
            try db.execute(sql: """
                DELETE FROM result WHERE runID IN (
                    SELECT o.runID FROM outbox o JOIN enrollment e ON e.id = o.enrollmentID
                    WHERE e.kioskSessionID IS NOT NULL AND o.runID IS NOT NULL
                    GROUP BY o.runID HAVING COUNT(o.acceptedAt) = COUNT(*))
                """)
            let deleted = db.changesCount
            try db.execute(sql: """
                UPDATE outbox SET payload = '{}' WHERE acceptedAt IS NOT NULL AND payload != '{}'
                AND enrollmentID IN (SELECT id FROM enrollment WHERE kioskSessionID IS NOT NULL)
                """)
            return deleted
        }
    }
}

extension StudyStore {
    /// A station's `retention.maxDays`: deletes every kiosk result stored before `cutoff`, sent or
    /// not, in one transaction: the stored result, its unsent outbox items (they will never be
    /// sent) and the sent items' payloads. Run rows stay. Returns how many results it deleted.
    @discardableResult
    public func deleteKioskResults(storedBefore cutoff: Date) throws(StoreError) -> Int {
        try database.write("delete the station's results past their retention") { db in
            let kiosk = "enrollmentID IN (SELECT id FROM enrollment WHERE kioskSessionID IS NOT NULL)"
            try db.execute(sql: "DELETE FROM result WHERE storedAt < ? AND \(kiosk)", arguments: [cutoff])
            let deleted = db.changesCount
            try db.execute(sql: "DELETE FROM outbox WHERE acceptedAt IS NULL AND createdAt < ? AND \(kiosk)", arguments: [cutoff])
            try db.execute(sql: "UPDATE outbox SET payload = '{}' WHERE createdAt < ? AND payload != '{}' AND \(kiosk)", arguments: [cutoff])
            return deleted
        }
    }
}
