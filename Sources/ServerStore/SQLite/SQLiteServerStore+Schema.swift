import Foundation
import GRDB

extension SQLiteServerStore {
    /// The schema, one named migration per change (never edited once released).
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE study_version (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT, study_id TEXT NOT NULL, version TEXT NOT NULL,
                    consent_version TEXT NOT NULL, consent_sha256 TEXT NOT NULL, registration_info BLOB NOT NULL,
                    document BLOB NOT NULL, etag TEXT NOT NULL, published_at DATETIME NOT NULL);
                CREATE TABLE registration_token (
                    token_sha256 TEXT PRIMARY KEY, created_at DATETIME NOT NULL, redeemed_at DATETIME, participant_id TEXT);
                CREATE TABLE participant (
                    id TEXT PRIMARY KEY, key_sha256 TEXT NOT NULL, registered_at DATETIME NOT NULL, study_version TEXT NOT NULL,
                    consent_version TEXT NOT NULL, consent_sha256 TEXT NOT NULL, consent_agreed_at DATETIME,
                    device TEXT NOT NULL, withdrawn_at DATETIME, last_contact_at DATETIME);
                CREATE TABLE result_item (
                    participant_id TEXT NOT NULL REFERENCES participant(id), item_id TEXT NOT NULL, kind TEXT NOT NULL,
                    payload TEXT NOT NULL, metadata TEXT NOT NULL, received_at DATETIME NOT NULL, updated_at DATETIME NOT NULL,
                    PRIMARY KEY (participant_id, item_id)) WITHOUT ROWID;
                CREATE TABLE message (
                    id TEXT PRIMARY KEY, participant_id TEXT NOT NULL REFERENCES participant(id), text TEXT NOT NULL,
                    sent_at DATETIME NOT NULL, acknowledged_at DATETIME);
                CREATE INDEX message_inbox ON message(participant_id, sent_at) WHERE acknowledged_at IS NULL;
                """)
        }
        // First write wins: each run UUID belongs to the participant who stored an item under it
        // first (earlier items decide, by receipt), and each item knows its run.
        migrator.registerMigration("v2-run-owners") { db in
            try db.execute(sql: """
                ALTER TABLE result_item ADD COLUMN run_uuid TEXT;
                UPDATE result_item SET run_uuid = lower(json_extract(metadata, '$.taskRunUUID'));
                CREATE TABLE task_run (
                    run_uuid TEXT PRIMARY KEY, participant_id TEXT NOT NULL REFERENCES participant(id),
                    first_received_at DATETIME NOT NULL) WITHOUT ROWID;
                INSERT OR IGNORE INTO task_run (run_uuid, participant_id, first_received_at)
                    SELECT run_uuid, participant_id, received_at FROM result_item WHERE run_uuid IS NOT NULL
                    ORDER BY received_at, participant_id;
                """)
        }
        return migrator
    }
}
