import Foundation
import GRDB

extension SQLiteServerStore {
    /// Adds unused tokens.
    public func addTokens(sha256: [String], at date: Date) async throws(ServerStoreError) {
        try await write("add registration tokens") { db in
            let statement = try db.cachedStatement(sql: "INSERT INTO registration_token (token_sha256, created_at) VALUES (?, ?) ON CONFLICT DO NOTHING")
            for hash in sha256 { try statement.execute(arguments: [hash, date]) }
        }
    }

    /// True for a known, unused token.
    public func tokenIsOpen(sha256: String) async throws(ServerStoreError) -> Bool {
        try await read("look up a registration token") { db in
            try Bool.fetchOne(db, sql: "SELECT 1 FROM registration_token WHERE token_sha256 = ? AND redeemed_at IS NULL", arguments: [sha256]) ?? false
        }
    }

    /// Open and redeemed tokens.
    public func tokenCounts() async throws(ServerStoreError) -> TokenCounts {
        try await read("count registration tokens") { db in
            let row = try Row.fetchOne(db, sql: """
                SELECT COALESCE(SUM(redeemed_at IS NULL), 0) AS open, COALESCE(SUM(redeemed_at IS NOT NULL), 0) AS redeemed FROM registration_token
                """)
            return TokenCounts(open: row?["open"] ?? 0, redeemed: row?["redeemed"] ?? 0)
        }
    }

    /// Redeems the token and creates the participant in one transaction.
    public func register(_ p: NewParticipant) async throws(ServerStoreError) -> Bool {
        try await write("register a participant") { db in
            try db.execute(sql: "UPDATE registration_token SET redeemed_at = ?, participant_id = ? WHERE token_sha256 = ? AND redeemed_at IS NULL",
                           arguments: [p.registeredAt, p.id, p.tokenSHA256])
            guard db.changesCount == 1 else { return false }
            try db.execute(sql: """
                INSERT INTO participant (id, key_sha256, registered_at, study_version, consent_version, consent_sha256, consent_agreed_at, device)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [p.id, p.keySHA256, p.registeredAt, p.studyVersion, p.consentVersion, p.consentSHA256,
                                 p.consentAgreedAt, p.device])
            return true
        }
    }

    /// Checks the key hash and records the contact.
    public func authenticate(participantID: String, keySHA256: String, at date: Date) async throws(ServerStoreError) -> ParticipantAccess? {
        try await write("check participant credentials") { db in
            try db.execute(sql: "UPDATE participant SET last_contact_at = ? WHERE id = ? AND key_sha256 = ?",
                           arguments: [date, participantID, keySHA256])
            guard db.changesCount == 1 else { return nil }
            let withdrawn = try Date.fetchOne(db, sql: "SELECT withdrawn_at FROM participant WHERE id = ?", arguments: [participantID])
            return ParticipantAccess(participantID: participantID, withdrawnAt: withdrawn)
        }
    }

    /// Records the withdrawal once.
    public func withdraw(participantID: String, at date: Date) async throws(ServerStoreError) -> Bool {
        try await write("record a withdrawal") { db in
            try db.execute(sql: "UPDATE participant SET withdrawn_at = COALESCE(withdrawn_at, ?) WHERE id = ?", arguments: [date, participantID])
            return db.changesCount == 1
        }
    }

    /// One line per participant.
    public func participantSummaries() async throws(ServerStoreError) -> [ParticipantSummary] {
        try await read("summarise participants") { db in
            try Row.fetchAll(db, sql: """
                SELECT p.*, (SELECT COUNT(*) FROM result_item r WHERE r.participant_id = p.id AND r.kind = 'taskResult') AS results,
                       (SELECT COUNT(*) FROM result_item r WHERE r.participant_id = p.id) AS items
                FROM participant p ORDER BY p.registered_at, p.id
                """).map { row in
                ParticipantSummary(id: row["id"], registeredAt: row["registered_at"], consentVersion: row["consent_version"],
                                   consentAgreedAt: row["consent_agreed_at"], resultCount: row["results"], itemCount: row["items"],
                                   lastContactAt: row["last_contact_at"], withdrawnAt: row["withdrawn_at"])
            }
        }
    }
}
