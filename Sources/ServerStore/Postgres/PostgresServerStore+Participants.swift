import Foundation
import PostgresNIO

extension PostgresServerStore {
    /// Adds unused tokens.
    public func addTokens(sha256: [String], at date: Date) async throws(ServerStoreError) {
        try await run("add registration tokens") { client, logger in
            try await client.query("""
                INSERT INTO registration_token (token_sha256, created_at) SELECT t, \(date) FROM UNNEST(\(sha256)::text[]) AS t
                ON CONFLICT DO NOTHING
                """, logger: logger)
        }
    }

    /// True for a known, unused token.
    public func tokenIsOpen(sha256: String) async throws(ServerStoreError) -> Bool {
        try await run("look up a registration token") { client, logger in
            let rows = try await client.query(
                "SELECT 1 FROM registration_token WHERE token_sha256 = \(sha256) AND redeemed_at IS NULL", logger: logger)
            for try await _ in rows.decode(Int32.self) { return true }
            return false
        }
    }

    /// Open and redeemed tokens.
    public func tokenCounts() async throws(ServerStoreError) -> TokenCounts {
        try await run("count registration tokens") { client, logger in
            let rows = try await client.query("""
                SELECT COUNT(*) FILTER (WHERE redeemed_at IS NULL), COUNT(*) FILTER (WHERE redeemed_at IS NOT NULL) FROM registration_token
                """, logger: logger)
            for try await (open, redeemed) in rows.decode((Int, Int).self) { return TokenCounts(open: open, redeemed: redeemed) }
            return TokenCounts(open: 0, redeemed: 0)
        }
    }

    /// Redeems the token (the row lock makes a concurrent second use wait, then find it redeemed) and
    /// creates the participant, in one transaction.
    public func register(_ p: NewParticipant) async throws(ServerStoreError) -> Bool {
        try await transaction("register a participant") { connection, logger in
            let rows = try await connection.query("""
                UPDATE registration_token SET redeemed_at = \(p.registeredAt), participant_id = \(p.id)
                WHERE token_sha256 = \(p.tokenSHA256) AND redeemed_at IS NULL RETURNING token_sha256
                """, logger: logger)
            var redeemed = false
            for try await _ in rows.decode(String.self) { redeemed = true }
            guard redeemed else { return false }
            try await connection.query("""
                INSERT INTO participant (id, key_sha256, registered_at, study_version, consent_version, consent_sha256, consent_agreed_at, device)
                VALUES (\(p.id), \(p.keySHA256), \(p.registeredAt), \(p.studyVersion), \(p.consentVersion), \(p.consentSHA256),
                        \(p.consentAgreedAt), \(p.device))
                """, logger: logger)
            return true
        }
    }

    /// Checks the key hash and records the contact, in one statement.
    public func authenticate(participantID: String, keySHA256: String, at date: Date) async throws(ServerStoreError) -> ParticipantAccess? {
        try await run("check participant credentials") { client, logger in
            let rows = try await client.query("""
                UPDATE participant SET last_contact_at = \(date) WHERE id = \(participantID) AND key_sha256 = \(keySHA256)
                RETURNING withdrawn_at
                """, logger: logger)
            for try await withdrawn in rows.decode(Date?.self) {
                return ParticipantAccess(participantID: participantID, withdrawnAt: withdrawn)
            }
            return nil
        }
    }

    /// Records the withdrawal once.
    public func withdraw(participantID: String, at date: Date) async throws(ServerStoreError) -> Bool {
        try await run("record a withdrawal") { client, logger in
            let rows = try await client.query("""
                UPDATE participant SET withdrawn_at = COALESCE(withdrawn_at, \(date)) WHERE id = \(participantID) RETURNING id
                """, logger: logger)
            for try await _ in rows.decode(String.self) { return true }
            return false
        }
    }

    /// One line per participant.
    public func participantSummaries() async throws(ServerStoreError) -> [ParticipantSummary] {
        try await run("summarise participants") { client, logger in
            let rows = try await client.query("""
                SELECT p.id, p.registered_at, p.consent_version, p.consent_agreed_at,
                       COUNT(r.item_id) FILTER (WHERE r.kind = 'taskResult'), COUNT(r.item_id), p.last_contact_at, p.withdrawn_at
                FROM participant p LEFT JOIN result_item r ON r.participant_id = p.id
                GROUP BY p.id ORDER BY p.registered_at, p.id
                """, logger: logger)
            var summaries: [ParticipantSummary] = []
            for try await (id, registered, consent, agreed, results, items, contact, withdrawn)
                in rows.decode((String, Date, String, Date?, Int, Int, Date?, Date?).self) {
                summaries.append(ParticipantSummary(id: id, registeredAt: registered, consentVersion: consent, consentAgreedAt: agreed,
                                                    resultCount: results, itemCount: items, lastContactAt: contact, withdrawnAt: withdrawn))
            }
            return summaries
        }
    }
}
