import Foundation
import PostgresNIO

extension PostgresServerStore {
    /// Puts a message in each inbox of the audience, in one transaction.
    public func sendMessage(_ text: String, to audience: MessageAudience, at date: Date) async throws(ServerStoreError) -> [String] {
        try await transaction("send a message") { connection, logger in
            let rows: PostgresRowSequence
            switch audience {
            case .participant(let id):
                rows = try await connection.query("SELECT id FROM participant WHERE id = \(id)", logger: logger)
            case .everyone:
                rows = try await connection.query("SELECT id FROM participant WHERE withdrawn_at IS NULL ORDER BY registered_at, id", logger: logger)
            }
            var recipients: [String] = []
            for try await id in rows.decode(String.self) { recipients.append(id) }
            guard !recipients.isEmpty else { return [] }
            let ids = recipients.map { _ in UUID() }
            try await connection.query("""
                INSERT INTO message (id, participant_id, text, sent_at)
                SELECT i, p, \(text), \(date) FROM UNNEST(\(ids)::uuid[], \(recipients)::text[]) AS t(i, p)
                """, logger: logger)
            return recipients
        }
    }

    /// The participant's messages not yet acknowledged.
    public func unacknowledgedMessages(participantID: String) async throws(ServerStoreError) -> [MessageRecord] {
        try await run("read messages") { client, logger in
            let rows = try await client.query("""
                SELECT id, text, sent_at FROM message WHERE participant_id = \(participantID) AND acknowledged_at IS NULL ORDER BY sent_at, id
                """, logger: logger)
            var messages: [MessageRecord] = []
            for try await (id, text, sent) in rows.decode((UUID, String, Date).self) {
                messages.append(MessageRecord(id: id, participantID: participantID, text: text, sentAt: sent, acknowledgedAt: nil))
            }
            return messages
        }
    }

    /// Marks one of the participant's messages received.
    public func acknowledgeMessage(_ id: UUID, participantID: String, at date: Date) async throws(ServerStoreError) -> Bool {
        try await run("acknowledge a message") { client, logger in
            let rows = try await client.query("""
                UPDATE message SET acknowledged_at = COALESCE(acknowledged_at, \(date))
                WHERE id = \(id) AND participant_id = \(participantID) RETURNING id
                """, logger: logger)
            for try await _ in rows.decode(UUID.self) { return true }
            return false
        }
    }
}
