import Foundation
import GRDB
import StudyAPI

extension SQLiteServerStore {
    /// Stores the batch in one transaction, first write wins (``ItemStoreOutcome``).
    public func storeItems(_ items: [IncomingItem], participantID: String, at date: Date) async throws(ServerStoreError) -> ItemStoreOutcome {
        let unique: [(index: Int, item: IncomingItem)]
        do throws(ItemRefusal) { unique = try items.firstOfEachID() } catch {
            return .refused(index: error.index, error.conflict)
        }
        do {
            try await pool.write { db in try Self.store(unique, participantID: participantID, at: date, in: db) }
            return .stored(unique.map(\.item.id))
        } catch let refusal as ItemRefusal {
            return .refused(index: refusal.index, refusal.conflict)  // rolled back
        } catch {
            throw .failed(operation: "store result items", reason: Self.reason(error))
        }
    }

    /// Claims each run for the participant and inserts each new item; throws ``ItemRefusal`` (rolling
    /// the transaction back) at the first run of another participant or changed item.
    private static func store(_ items: [(index: Int, item: IncomingItem)], participantID: String, at date: Date, in db: Database) throws {
        let claimRun = try db.cachedStatement(sql: "INSERT INTO task_run (run_uuid, participant_id, first_received_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING")
        let runOwner = try db.cachedStatement(sql: "SELECT participant_id FROM task_run WHERE run_uuid = ?")
        let insert = try db.cachedStatement(sql: """
            INSERT INTO result_item (participant_id, item_id, kind, payload, metadata, received_at, updated_at, run_uuid)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (participant_id, item_id) DO NOTHING
            """)
        let stored = try db.cachedStatement(sql: "SELECT kind, payload, metadata, run_uuid FROM result_item WHERE participant_id = ? AND item_id = ?")
        var ownRuns: Set<UUID> = []
        for (index, item) in items {
            let run = item.runID.uuidString.lowercased()
            if !ownRuns.contains(item.runID) {
                try claimRun.execute(arguments: [run, participantID, date])
                if db.changesCount == 0, try String.fetchOne(runOwner, arguments: [run]) != participantID {
                    throw ItemRefusal(index: index, conflict: .runOfAnotherParticipant)
                }
                ownRuns.insert(item.runID)
            }
            let id = item.id.uuidString.lowercased()
            try insert.execute(arguments: [participantID, id, item.kind.rawValue, item.payload, item.metadata, date, date, run])
            if db.changesCount == 0 {
                let row = try Row.fetchOne(stored, arguments: [participantID, id])
                guard let row, row["kind"] == item.kind.rawValue, row["payload"] == item.payload, row["metadata"] == item.metadata,
                      row["run_uuid"] == run else {
                    throw ItemRefusal(index: index, conflict: .changedContent)
                }
            }
        }
    }

    /// Every stored item, of one participant or all.
    public func storedItems(participantID: String?) async throws(ServerStoreError) -> [StoredItem] {
        try await read("read result items") { db in
            let rows = try Row.fetchCursor(db, sql: """
                SELECT * FROM result_item WHERE ?1 IS NULL OR participant_id = ?1 ORDER BY participant_id, received_at, item_id
                """, arguments: [participantID])
            var items: [StoredItem] = []
            while let row = try rows.next() {
                let idText: String = row["item_id"], kindText: String = row["kind"], runText: String? = row["run_uuid"]
                guard let id = UUID(uuidString: idText), let kind = ResultKind(rawValue: kindText),
                      let run = runText.flatMap(UUID.init(uuidString:)) else {
                    throw ServerStoreError.corrupt("result item \(idText) has an unknown id, kind or run")
                }
                items.append(StoredItem(participantID: row["participant_id"],
                                        item: IncomingItem(id: id, kind: kind, runID: run, payload: row["payload"], metadata: row["metadata"]),
                                        receivedAt: row["received_at"], updatedAt: row["updated_at"]))
            }
            return items
        }
    }
}
