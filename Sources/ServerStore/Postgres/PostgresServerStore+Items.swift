import Foundation
import PostgresNIO
import StudyAPI

extension PostgresServerStore {
    /// Upserts the batch in one statement: five array binds, whatever the batch's size.
    public func storeItems(_ items: [IncomingItem], participantID: String, at date: Date) async throws(ServerStoreError) -> [UUID] {
        let items = items.lastOfEachID()
        guard !items.isEmpty else { return [] }
        let ids = items.map(\.id), kinds = items.map(\.kind.rawValue), payloads = items.map(\.payload), metadata = items.map(\.metadata)
        try await run("store result items") { client, logger in
            try await client.query("""
                INSERT INTO result_item (participant_id, item_id, kind, payload, metadata, received_at, updated_at)
                SELECT \(participantID), i, k, p, m, \(date), \(date)
                FROM UNNEST(\(ids)::uuid[], \(kinds)::text[], \(payloads)::text[], \(metadata)::text[]) AS t(i, k, p, m)
                ON CONFLICT (participant_id, item_id) DO UPDATE SET
                    kind = EXCLUDED.kind, payload = EXCLUDED.payload, metadata = EXCLUDED.metadata, updated_at = EXCLUDED.updated_at
                """, logger: logger)
        }
        return ids
    }

    /// Every stored item, of one participant or all.
    public func storedItems(participantID: String?) async throws(ServerStoreError) -> [StoredItem] {
        try await run("read result items") { client, logger in
            let rows = try await client.query("""
                SELECT participant_id, item_id, kind, payload, metadata, received_at, updated_at FROM result_item
                WHERE \(participantID)::text IS NULL OR participant_id = \(participantID)
                ORDER BY participant_id, received_at, item_id
                """, logger: logger)
            var items: [StoredItem] = []
            for try await (participant, id, kindText, payload, metadata, received, updated)
                in rows.decode((String, UUID, String, String, String, Date, Date).self) {
                guard let kind = ResultKind(rawValue: kindText) else { throw ServerStoreError.corrupt("result item \(id) has an unknown kind") }
                items.append(StoredItem(participantID: participant, item: IncomingItem(id: id, kind: kind, payload: payload, metadata: metadata),
                                        receivedAt: received, updatedAt: updated))
            }
            return items
        }
    }
}
