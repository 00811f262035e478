import Foundation
import PostgresNIO
import StudyAPI

extension PostgresServerStore {
    /// Stores the batch in one transaction, first write wins (``ItemStoreOutcome``): claims the runs
    /// (array binds, in UUID order so that concurrent batches lock in one order), checks their
    /// owners, inserts the new items, and compares the ones already stored.
    public func storeItems(_ items: [IncomingItem], participantID: String, at date: Date) async throws(ServerStoreError) -> ItemStoreOutcome {
        let unique: [(index: Int, item: IncomingItem)]
        do throws(ItemRefusal) { unique = try items.firstOfEachID() } catch {
            return .refused(index: error.index, error.conflict)
        }
        guard !unique.isEmpty else { return .stored([]) }
        let runs = Array(Set(unique.map(\.item.runID))).sorted { $0.uuidString < $1.uuidString }
        let ordered = unique.sorted { $0.item.id.uuidString < $1.item.id.uuidString }
        let ids = ordered.map(\.item.id), kinds = ordered.map(\.item.kind.rawValue), itemRuns = ordered.map(\.item.runID)
        let payloads = ordered.map(\.item.payload), metadata = ordered.map(\.item.metadata)
        do {
            let logger = self.logger
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query("""
                    INSERT INTO task_run (run_uuid, participant_id, first_received_at)
                    SELECT r, \(participantID), \(date) FROM UNNEST(\(runs)::uuid[]) AS r ON CONFLICT DO NOTHING
                    """, logger: logger)
                var foreign: Set<UUID> = []
                for try await run in try await connection.query("""
                    SELECT run_uuid FROM task_run WHERE run_uuid = ANY(\(runs)::uuid[]) AND participant_id <> \(participantID)
                    """, logger: logger).decode(UUID.self) { foreign.insert(run) }
                if let first = unique.first(where: { foreign.contains($0.item.runID) }) {
                    throw ItemRefusal(index: first.index, conflict: .runOfAnotherParticipant)
                }
                var inserted: Set<UUID> = []
                for try await id in try await connection.query("""
                    INSERT INTO result_item (participant_id, item_id, kind, payload, metadata, received_at, updated_at, run_uuid)
                    SELECT \(participantID), i, k, p, m, \(date), \(date), r
                    FROM UNNEST(\(ids)::uuid[], \(kinds)::text[], \(payloads)::text[], \(metadata)::text[], \(itemRuns)::uuid[]) AS t(i, k, p, m, r)
                    ON CONFLICT (participant_id, item_id) DO NOTHING RETURNING item_id
                    """, logger: logger).decode(UUID.self) { inserted.insert(id) }
                let replayed = ordered.filter { !inserted.contains($0.item.id) }
                guard !replayed.isEmpty else { return }
                var stored: [UUID: IncomingItem] = [:]
                for try await (id, kind, payload, meta, run) in try await connection.query("""
                    SELECT item_id, kind, payload, metadata, run_uuid FROM result_item
                    WHERE participant_id = \(participantID) AND item_id = ANY(\(replayed.map(\.item.id))::uuid[])
                    """, logger: logger).decode((UUID, String, String, String, UUID?).self) {
                    if let kind = ResultKind(rawValue: kind), let run {
                        stored[id] = IncomingItem(id: id, kind: kind, runID: run, payload: payload, metadata: meta)
                    }
                }
                if let changed = replayed.filter({ stored[$0.item.id] != $0.item }).min(by: { $0.index < $1.index }) {
                    throw ItemRefusal(index: changed.index, conflict: .changedContent)
                }
            }
        } catch let error as PostgresTransactionError where error.closureError is ItemRefusal {
            let refusal = error.closureError as! ItemRefusal  // rolled back
            return .refused(index: refusal.index, refusal.conflict)
        } catch {
            throw Self.storeError("store result items", error)
        }
        return .stored(unique.map(\.item.id))
    }

    /// Every stored item, of one participant or all.
    public func storedItems(participantID: String?) async throws(ServerStoreError) -> [StoredItem] {
        try await run("read result items") { client, logger in
            let rows = try await client.query("""
                SELECT participant_id, item_id, kind, payload, metadata, received_at, updated_at, run_uuid FROM result_item
                WHERE \(participantID)::text IS NULL OR participant_id = \(participantID)
                ORDER BY participant_id, received_at, item_id
                """, logger: logger)
            var items: [StoredItem] = []
            for try await (participant, id, kindText, payload, metadata, received, updated, run)
                in rows.decode((String, UUID, String, String, String, Date, Date, UUID?).self) {
                guard let kind = ResultKind(rawValue: kindText), let run else {
                    throw ServerStoreError.corrupt("result item \(id) has an unknown kind or run")
                }
                items.append(StoredItem(participantID: participant,
                                        item: IncomingItem(id: id, kind: kind, runID: run, payload: payload, metadata: metadata),
                                        receivedAt: received, updatedAt: updated))
            }
            return items
        }
    }
}
