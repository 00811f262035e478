import Foundation
import GRDB

extension SQLiteServerStore {
    /// Puts a message in each inbox of the audience.
    public func sendMessage(_ text: String, to audience: MessageAudience, at date: Date) async throws(ServerStoreError) -> [String] {
        try await write("send a message") { db in
            let recipients: [String]
            switch audience {
            case .participant(let id):
                recipients = try String.fetchAll(db, sql: "SELECT id FROM participant WHERE id = ?", arguments: [id])
            case .everyone:
                recipients = try String.fetchAll(db, sql: "SELECT id FROM participant WHERE withdrawn_at IS NULL ORDER BY registered_at, id")
            }
            let statement = try db.cachedStatement(sql: "INSERT INTO message (id, participant_id, text, sent_at) VALUES (?, ?, ?, ?)")
            for id in recipients { try statement.execute(arguments: [UUID().uuidString.lowercased(), id, text, date]) }
            return recipients
        }
    }

    /// The participant's messages not yet acknowledged.
    public func unacknowledgedMessages(participantID: String) async throws(ServerStoreError) -> [MessageRecord] {
        try await read("read messages") { db in
            let rows = try Row.fetchCursor(db, sql: "SELECT * FROM message WHERE participant_id = ? AND acknowledged_at IS NULL ORDER BY sent_at, id",
                                           arguments: [participantID])
            var messages: [MessageRecord] = []
            while let row = try rows.next() {
                let idText: String = row["id"]
                guard let id = UUID(uuidString: idText) else { throw ServerStoreError.corrupt("message \(idText) has an invalid id") }
                messages.append(MessageRecord(id: id, participantID: row["participant_id"], text: row["text"], sentAt: row["sent_at"],
                                              acknowledgedAt: row["acknowledged_at"]))
            }
            return messages
        }
    }

    /// Marks one of the participant's messages received.
    public func acknowledgeMessage(_ id: UUID, participantID: String, at date: Date) async throws(ServerStoreError) -> Bool {
        try await write("acknowledge a message") { db in
            try db.execute(sql: "UPDATE message SET acknowledged_at = COALESCE(acknowledged_at, ?) WHERE id = ? AND participant_id = ?",
                           arguments: [date, id.uuidString.lowercased(), participantID])
            return db.changesCount == 1
        }
    }
}
