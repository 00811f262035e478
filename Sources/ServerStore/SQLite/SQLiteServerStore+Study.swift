import Foundation
import GRDB

extension SQLiteServerStore {
    /// Stores the version unless the latest has the same ETag.
    public func publish(_ study: PublishedStudy) async throws(ServerStoreError) -> Bool {
        try await write("publish the study") { db in
            if try String.fetchOne(db, sql: "SELECT etag FROM study_version ORDER BY seq DESC LIMIT 1") == study.etag { return false }
            try db.execute(sql: """
                INSERT INTO study_version (study_id, version, consent_version, consent_sha256, registration_info, document, etag, published_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [study.studyID, study.version, study.consentVersion, study.consentSHA256,
                                 study.registrationInfo, study.document, study.etag, study.publishedAt])
            return true
        }
    }

    /// The last published version.
    public func currentStudy() async throws(ServerStoreError) -> PublishedStudy? {
        try await read("read the study") { db in
            try Row.fetchOne(db, sql: "SELECT * FROM study_version ORDER BY seq DESC LIMIT 1").map { row in
                PublishedStudy(studyID: row["study_id"], version: row["version"], consentVersion: row["consent_version"],
                               consentSHA256: row["consent_sha256"], registrationInfo: row["registration_info"],
                               document: row["document"], etag: row["etag"], publishedAt: row["published_at"])
            }
        }
    }
}
