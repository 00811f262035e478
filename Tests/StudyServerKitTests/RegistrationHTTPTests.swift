import Foundation
import ServerStore
import StudyAPI
import Testing
@testable import StudyServerKit

/// `GET`, `POST` and `DELETE /registration` over real HTTP on loopback.
@Suite struct RegistrationHTTPTests {
    @Test func anOpenTokenShowsTheSummaryAndTheExactConsentText() async throws {
        let f = try await ServerFixture.start()
        let token = try await f.tokens(1)[0]
        let reply = try await f.http.send("GET", "/registration", headers: ["StudyTerm-Registration-Token": token.lowercased()])
        #expect(reply.status == 200)
        let info = try APICoding.decoder().decode(RegistrationInfo.self, from: reply.body)
        #expect(info.studyID == "sleep-study" && info.title == "Sleep study" && info.contact.institute == "Sleep lab")
        #expect(info.consent.textShown == ServerFixture.consentShown && info.consent.textShownSHA256 == Digest.sha256Hex(ServerFixture.consentShown))
        await f.stop()
    }

    @Test func unknownMalformedAndMissingTokensAreRefused() async throws {
        let f = try await ServerFixture.start()
        #expect(try await f.http.send("GET", "/registration", headers: ["StudyTerm-Registration-Token": "ABCDE-FGHKL"]).status == 404)
        #expect(try await f.http.send("GET", "/registration", headers: ["StudyTerm-Registration-Token": "0OIJ"]).status == 404)
        let missing = try await f.http.send("GET", "/registration")
        #expect(missing.status == 400 && missing.field("error") == "bad_request")
        await f.stop()
    }

    @Test func registeringRedeemsTheTokenSoItCannotBeUsedAgain() async throws {
        let f = try await ServerFixture.start()
        let token = try await f.tokens(1)[0]
        let header = ["StudyTerm-Registration-Token": token]
        let first = try await f.http.send("POST", "/registration", headers: header, json: ServerFixture.registration())
        #expect(first.status == 201)
        let credentials = try APICoding.decoder().decode(ParticipantCredentials.self, from: first.body)
        #expect(credentials.studyID == "sleep-study" && credentials.participantID.hasPrefix("P-") && credentials.apiKey.count == 43)
        let again = try await f.http.send("POST", "/registration", headers: header, json: ServerFixture.registration())
        #expect(again.status == 404 && again.field("error") == "not_found")
        #expect(try await f.http.send("GET", "/registration", headers: header).status == 404)
        let summaries = try await f.store.participantSummaries()
        #expect(summaries.map(\.id) == [credentials.participantID] && summaries[0].consentVersion == "c1")
        await f.stop()
    }

    @Test func anOutdatedConsentIsRefusedAndTheTokenStaysOpen() async throws {
        let f = try await ServerFixture.start()
        let token = try await f.tokens(1)[0]
        let header = ["StudyTerm-Registration-Token": token]
        let wrongText = try await f.http.send("POST", "/registration", headers: header,
                                              json: ServerFixture.registration(hash: Digest.sha256Hex("older text")))
        #expect(wrongText.status == 409 && wrongText.field("field") == "consent.textSHA256")
        let wrongVersion = try await f.http.send("POST", "/registration", headers: header, json: ServerFixture.registration(version: "c0"))
        #expect(wrongVersion.status == 409 && wrongVersion.field("field") == "consent.version")
        #expect(try await f.http.send("GET", "/registration", headers: header).status == 200)
        #expect(try await f.store.participantSummaries().isEmpty)
        await f.stop()
    }

    @Test func credentialsAndTokensAreStoredOnlyAsHashes() async throws {
        let f = try await ServerFixture.start()
        let token = try await f.tokens(1)[0]
        let reply = try await f.http.send("POST", "/registration", headers: ["StudyTerm-Registration-Token": token], json: ServerFixture.registration())
        let key = try #require(reply.field("apiKey"))
        await f.stop()
        var bytes = Data()
        for name in ["server.sqlite", "server.sqlite-wal"] {
            bytes.append((try? Data(contentsOf: f.folder.appendingPathComponent("db/\(name)"))) ?? Data())
        }
        #expect(bytes.count > 0)
        #expect(bytes.range(of: Data(key.utf8)) == nil)
        #expect(bytes.range(of: Data(token.replacingOccurrences(of: "-", with: "").utf8)) == nil)
        #expect(bytes.range(of: Data(Digest.sha256Hex(key).utf8)) != nil)
    }

    @Test func fiftyRapidRegistrationAttemptsFromOneAddressAreLimited() async throws {
        let f = try await ServerFixture.start()
        var statuses: [Int] = []
        var retryAfter: String?
        for i in 0..<50 {
            let reply = try await f.http.send("GET", "/registration", headers: ["StudyTerm-Registration-Token": "ABCDE-FGH\(i % 2 == 0 ? "KL" : "LM")"])
            statuses.append(reply.status)
            if reply.status == 429 { retryAfter = reply.headers["retry-after"] }
        }
        #expect(statuses.prefix(10).allSatisfy { $0 == 404 })
        #expect(statuses.dropFirst(10).allSatisfy { $0 == 429 })
        #expect(Int(retryAfter ?? "") ?? 0 >= 1)
        await f.stop()
    }

    @Test func withdrawalIsRecordedIdempotentlyAndEndsUploads() async throws {
        let f = try await ServerFixture.start()
        let (auth, id) = try await f.register()
        #expect(try await f.http.send("DELETE", "/registration", headers: ["Authorization": auth]).status == 204)
        #expect(try await f.http.send("DELETE", "/registration", headers: ["Authorization": auth]).status == 204)
        let withdrawn = try await f.store.participantSummaries().first { $0.id == id }?.withdrawnAt
        #expect(withdrawn != nil)
        let upload = try await f.http.send("POST", "/results", headers: ["Authorization": auth], json: ["items": [ServerFixture.item()]])
        #expect(upload.status == 410 && upload.field("error") == "withdrawn")
        #expect(try await f.http.send("DELETE", "/registration").status == 401)
        await f.stop()
    }
}
