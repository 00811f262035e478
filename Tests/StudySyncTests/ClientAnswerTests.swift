import Foundation
import StudyAPI
import StudyCore
@testable import StudySync
import Testing

/// The client's calls against answers that cannot be trusted: sizes, headers, credentials, redirects.
@Suite struct ClientAnswerTests {
    static let address = try! ServerAddress(stored: "http://127.0.0.1:9", allowPlainHTTP: false)

    @Test func aSignUpRefusedAsBusySaysTheServersOwnWait() {
        let error = NetworkStudyServer.signUpError(.busy(retryAfter: 2, message: "Too Many Requests"), address: Self.address)
        #expect(error.description.contains("wait 2 seconds"), "\(error.description)")
        #expect(!error.description.contains("minute"))
        let unbounded = NetworkStudyServer.signUpError(.busy(retryAfter: nil, message: "x"), address: Self.address)
        #expect(!unbounded.description.contains("a minute"))
    }

    @Test func aSignUpAnsweredByARedirectIsNotARefusalOfTheToken() async throws {
        let transport = ScriptedTransport(["GET /registration": [.empty(302, headers: ["location": "https://phish.example/"])]])
        let client = StudyAPIClient(address: Self.address, transport: transport)
        do {
            _ = try await client.registrationInfo(token: "ABCD2345")
            Issue.record("a redirect was accepted")
        } catch {
            #expect(error.isRetryable)
            #expect(error.description.contains("redirect"))
        }
        #expect(transport.requests.count == 1)
    }

    @Test func everyCallNamesTheCapOfItsAnswer() async throws {
        let transport = ScriptedTransport()
        let client = StudyAPIClient(address: Self.address, transport: transport)
        let credentials = ParticipantCredentials(studyID: "s", participantID: "P-1", apiKey: "k")
        _ = try? await client.registrationInfo(token: "ABCD2345")
        _ = try? await client.study(credentials, ifNoneMatch: nil)
        _ = try? await client.messages(credentials)
        _ = try? await client.storeResults(ResultBatch(items: []), credentials)
        #expect(transport.requests.map(\.maximumAnswerBytes) == [AnswerLimits.registration, AnswerLimits.study, AnswerLimits.messages,
                                                                 AnswerLimits.other])
    }

    @Test(arguments: ["", String(repeating: "a", count: 201), "P:1", "P 1", "P\u{1b}[2J"])
    func credentialsThatCannotBeKeptOrSentAreRefused(participant: String) async throws {
        let body = try String(decoding: APICoding.encoder().encode(ParticipantCredentials(studyID: "s", participantID: participant, apiKey: "k")),
                              as: UTF8.self)
        let transport = ScriptedTransport(["POST /registration": [.json(201, body)]])
        let client = StudyAPIClient(address: Self.address, transport: transport)
        await #expect(throws: SyncError.self) {
            _ = try await client.register(token: "ABCD2345", RegistrationRequest(consent: ConsentGiven(version: "1", textSHA256: "00", agreedAt: Date()),
                                                                                device: "d"))
        }
    }

    @Test func anETagThatCannotBeSentBackIsNotKept() {
        #expect(StudyAPIClient.checkedETag("\"v2\"") == "\"v2\"")
        #expect(StudyAPIClient.checkedETag("a\r\nX-Evil: 1") == nil)
        #expect(StudyAPIClient.checkedETag(String(repeating: "e", count: 201)) == nil)
        #expect(StudyAPIClient.checkedETag("") == nil)
    }

    @Test func aStudyWithATaskFileLargerThanTheCapIsRefusedAndNamed() throws {
        let big = StudyFile(path: "tasks/big.json", content: String(repeating: " ", count: AnswerLimits.taskFile + 1))
        let document = StudyDocument(studyID: "s", version: "1", definition: .object([:]), files: [big])
        #expect(throws: StudyFetchError.self) { try StudyCache.checkSizes(document, address: "x") }
        do { try StudyCache.checkSizes(document, address: "x") } catch { #expect(error.description.contains("4 MB")) }
    }

    @Test func workThatIgnoresCancellationStillEndsAtTheDeadline() async throws {
        let started = ContinuousClock.now
        await #expect(throws: Deadline.Passed.self) {
            _ = try await Deadline.run(seconds: 0.2) { () async throws -> Int in
                // A body that never comes and never hears the cancellation.
                await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
                return 1
            }
        }
        // A generous bound: the deadline's timer resumes on the shared task pool, which the suites
        // running beside this one (servers on loopback, key derivation) can keep busy for many
        // seconds on a 2-core machine; the point is that the call ends instead of waiting for ever.
        #expect(ContinuousClock.now - started < .seconds(120))
    }

    @Test func theTransportNamesItsThreeLimits() {
        #expect(AsyncHTTPTransport.connectTimeout == .seconds(5))
        #expect(AsyncHTTPTransport.idleTimeout == .seconds(10))
        #expect(AsyncHTTPTransport.defaultDeadline == 30)
        #expect(AsyncHTTPTransport().maximumAnswerBytes <= 1 << 20)
    }
}
