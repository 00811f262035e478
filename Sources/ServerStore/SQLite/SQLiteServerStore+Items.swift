import Foundation
import GRDB
import StudyAPI

extension SQLiteServerStore {
    /// Upserts the items in one transaction.
    public func storeItems(_ items: [IncomingItem], participantID: String, at date: Date) async throws(ServerStoreError) -> [UUID] {
        let items = items.lastOfEachID()
        return try await write("store result items") { db in
            let statement = try db.cachedStatement(sql: """
                INSERT INTO result_item (participant_id, item_id, kind, payload, metadata, received_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (participant_id, item_id) DO UPDATE SET
                    kind = excluded.kind, payload = excluded.payload, metadata = excluded.metadata, updated_at = excluded.updated_at
                """)
            for item in items {
                try statement.execute(arguments: [participantID, item.id.uuidString.lowercased(), item.kind.rawValue,
                                                  item.payload, item.metadata, date, date])
            }
            return items.map(\.id)
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
                let idText: String = row["item_id"], kindText: String = row["kind"]
                guard let id = UUID(uuidString: idText), let kind = ResultKind(rawValue: kindText) else {
                    throw ServerStoreError.corrupt("result item \(idText) has an unknown id or kind")
                }
                items.append(StoredItem(participantID: row["participant_id"],
                                        item: IncomingItem(id: id, kind: kind, payload: row["payload"], metadata: row["metadata"]),
                                        receivedAt: row["received_at"], updatedAt: row["updated_at"]))
            }
            return items
        }
    }
}
