import Foundation
import PostgresNIO

extension PostgresServerStore {
    /// Stores the version unless the latest has the same ETag.
    public func publish(_ study: PublishedStudy) async throws(ServerStoreError) -> Bool {
        try await transaction("publish the study") { connection, logger in
            try await connection.query("SELECT pg_advisory_xact_lock(7246002)", logger: logger)
            let rows = try await connection.query("SELECT etag FROM study_version ORDER BY seq DESC LIMIT 1", logger: logger)
            for try await etag in rows.decode(String.self) where etag == study.etag { return false }
            try await connection.query("""
                INSERT INTO study_version (study_id, version, consent_version, consent_sha256, registration_info, document, etag, published_at)
                VALUES (\(study.studyID), \(study.version), \(study.consentVersion), \(study.consentSHA256),
                        \(study.registrationInfo), \(study.document), \(study.etag), \(study.publishedAt))
                """, logger: logger)
            return true
        }
    }

    /// The last published version.
    public func currentStudy() async throws(ServerStoreError) -> PublishedStudy? {
        try await run("read the study") { client, logger in
            let rows = try await client.query("""
                SELECT study_id, version, consent_version, consent_sha256, registration_info, document, etag, published_at
                FROM study_version ORDER BY seq DESC LIMIT 1
                """, logger: logger)
            for try await (id, version, consentVersion, consentHash, info, document, etag, published)
                in rows.decode((String, String, String, String, Data, Data, String, Date).self) {
                return PublishedStudy(studyID: id, version: version, consentVersion: consentVersion, consentSHA256: consentHash,
                                      registrationInfo: info, document: document, etag: etag, publishedAt: published)
            }
            return nil
        }
    }
}
