import Foundation

extension PostgresServerStore {
    /// The schema; each statement is safe to run again.
    static let ddl: [String] = [
        """
        CREATE TABLE IF NOT EXISTS study_version (
            seq BIGSERIAL PRIMARY KEY, study_id TEXT NOT NULL, version TEXT NOT NULL,
            consent_version TEXT NOT NULL, consent_sha256 TEXT NOT NULL, registration_info BYTEA NOT NULL,
            document BYTEA NOT NULL, etag TEXT NOT NULL, published_at TIMESTAMPTZ NOT NULL)
        """,
        """
        CREATE TABLE IF NOT EXISTS registration_token (
            token_sha256 TEXT PRIMARY KEY, created_at TIMESTAMPTZ NOT NULL, redeemed_at TIMESTAMPTZ, participant_id TEXT)
        """,
        """
        CREATE TABLE IF NOT EXISTS participant (
            id TEXT PRIMARY KEY, key_sha256 TEXT NOT NULL, registered_at TIMESTAMPTZ NOT NULL, study_version TEXT NOT NULL,
            consent_version TEXT NOT NULL, consent_sha256 TEXT NOT NULL, consent_agreed_at TIMESTAMPTZ,
            device TEXT NOT NULL, withdrawn_at TIMESTAMPTZ, last_contact_at TIMESTAMPTZ)
        """,
        """
        CREATE TABLE IF NOT EXISTS result_item (
            participant_id TEXT NOT NULL REFERENCES participant(id), item_id UUID NOT NULL, kind TEXT NOT NULL,
            payload TEXT NOT NULL, metadata TEXT NOT NULL, received_at TIMESTAMPTZ NOT NULL, updated_at TIMESTAMPTZ NOT NULL,
            PRIMARY KEY (participant_id, item_id))
        """,
        """
        CREATE TABLE IF NOT EXISTS message (
            id UUID PRIMARY KEY, participant_id TEXT NOT NULL REFERENCES participant(id), text TEXT NOT NULL,
            sent_at TIMESTAMPTZ NOT NULL, acknowledged_at TIMESTAMPTZ)
        """,
        "CREATE INDEX IF NOT EXISTS message_inbox ON message(participant_id, sent_at) WHERE acknowledged_at IS NULL",
        // First write wins: each run UUID belongs to the participant who stored an item under it
        // first (earlier items decide, by receipt), and each item knows its run. The backfill runs
        // once, when the column is new.
        """
        CREATE TABLE IF NOT EXISTS task_run (
            run_uuid UUID PRIMARY KEY, participant_id TEXT NOT NULL REFERENCES participant(id),
            first_received_at TIMESTAMPTZ NOT NULL)
        """,
        """
        DO $$ BEGIN
            IF NOT EXISTS (SELECT 1 FROM information_schema.columns
                           WHERE table_schema = current_schema() AND table_name = 'result_item' AND column_name = 'run_uuid') THEN
                ALTER TABLE result_item ADD COLUMN run_uuid UUID;
                UPDATE result_item SET run_uuid = (metadata::json ->> 'taskRunUUID')::uuid;
                INSERT INTO task_run (run_uuid, participant_id, first_received_at)
                    SELECT DISTINCT ON (run_uuid) run_uuid, participant_id, received_at FROM result_item
                    WHERE run_uuid IS NOT NULL ORDER BY run_uuid, received_at, participant_id
                    ON CONFLICT DO NOTHING;
            END IF;
        END $$
        """,
    ]
}
