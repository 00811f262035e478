import Foundation
import Hummingbird
import ServerStore

extension StudyAPIServer {
    /// The participant `request` authenticates as (401 otherwise); 410 when withdrawn, unless `allowWithdrawn`.
    func participant(_ request: Request, allowWithdrawn: Bool = false) async throws -> ParticipantAccess {
        guard let credentials = BasicCredentials(request), ParticipantIDFormat.isValid(credentials.participantID),
              !credentials.key.isEmpty, credentials.key.count <= 200 else { throw APIFailure.unauthorized }
        let hash = Digest.sha256Hex(credentials.key)
        let date = now()
        guard let access = try await storing({ () async throws(ServerStoreError) in
            try await store.authenticate(participantID: credentials.participantID, keySHA256: hash, at: date)
        }) else { throw APIFailure.unauthorized }
        if access.withdrawnAt != nil, !allowWithdrawn { throw APIFailure.withdrawn }
        return access
    }
}
