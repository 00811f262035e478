import Foundation
import ServerStore
import StudyAPI

/// Values the conformance tests build their fixtures from.
enum Fixtures {
    /// A time `seconds` after a fixed instant.
    static func at(_ seconds: Double) -> Date { Date(timeIntervalSince1970: 1_780_000_000 + seconds) }

    /// A published version with `etag`.
    static func study(version: String = "1", etag: String = "\"a\"", at seconds: Double = 0) -> PublishedStudy {
        PublishedStudy(studyID: "s1", version: version, consentVersion: "c1", consentSHA256: String(repeating: "c", count: 64),
                       registrationInfo: Data("{\"studyId\":\"s1\"}".utf8), document: Data("{\"version\":\"\(version)\"}".utf8),
                       etag: etag, publishedAt: at(seconds))
    }

    /// A registration redeeming `token` (a hash) for participant `id`, whose key hash is `key`.
    static func participant(_ id: String, token: String, key: String = "k", at seconds: Double = 0) -> NewParticipant {
        NewParticipant(id: id, keySHA256: key, tokenSHA256: token, studyVersion: "1", consentVersion: "c1",
                       consentSHA256: String(repeating: "c", count: 64), consentAgreedAt: at(seconds - 5), device: "station 1",
                       registeredAt: at(seconds))
    }

    /// An item with id `n` (as a UUID) in run `run` (default: the UUID 1000 + `n`) and a payload naming `answer`.
    static func item(_ n: Int, kind: ResultKind = .taskResult, answer: String = "a", run: Int? = nil) -> IncomingItem {
        let runID = uuid(run ?? 1000 + n)
        return IncomingItem(id: uuid(n), kind: kind, runID: runID, payload: "{\"answer\":\"\(answer)\"}",
                            metadata: "{\"taskRunUUID\":\"\(runID.uuidString.lowercased())\"}")
    }

    /// A UUID made from `n`.
    static func uuid(_ n: Int) -> UUID {
        UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", n))!
    }

    /// A store with a participant `P-A` (token `ta`, key `ka`) and `P-B` (token `tb`, key `kb`) registered.
    static func twoParticipants(_ engine: StoreEngine) async throws -> any ServerStorage {
        let store = try await engine.makeStore()
        try await store.addTokens(sha256: ["ta", "tb"], at: at(0))
        _ = try await store.register(participant("P-A", token: "ta", key: "ka", at: 1))
        _ = try await store.register(participant("P-B", token: "tb", key: "kb", at: 2))
        return store
    }
}
