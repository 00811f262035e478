import Foundation
import StudyAPI
import Testing
@testable import StudyServerKit

/// Malformed and oversized bodies over real HTTP on loopback, and the log canary.
@Suite struct RefusalHTTPTests {
    @Test func malformedJSONGets400NamingTheField() async throws {
        let f = try await ServerFixture.start()
        let (auth, _) = try await f.register()
        let headers = ["Authorization": auth, "Content-Type": "application/json"]
        var missing = ServerFixture.item()
        missing["id"] = nil
        var cases: [(body: Data, field: String?)] = [
            (try JSONSerialization.data(withJSONObject: ["items": [missing]]), "items[0].id"),
            (try JSONSerialization.data(withJSONObject: ["items": [ServerFixture.item(), ["id": "nope", "kind": "taskResult", "payload": [:], "metadata": [:]]]]), "items[1].id"),
            (try JSONSerialization.data(withJSONObject: ["items": "all of them"]), "items"),
            (try JSONSerialization.data(withJSONObject: ["things": []]), "items"),
            (Data("{\"items\": [".utf8), nil),
        ]
        var wrongKind = ServerFixture.item()
        wrongKind["kind"] = "diary"
        cases.append((try JSONSerialization.data(withJSONObject: ["items": [wrongKind]]), "items[0].kind"))
        var notAResult = ServerFixture.item()
        notAResult["payload"] = ["answer": 1]
        cases.append((try JSONSerialization.data(withJSONObject: ["items": [notAResult]]), "items[0].payload"))
        for (body, field) in cases {
            let reply = try await f.http.send("POST", "/results", headers: headers, body: body)
            #expect(reply.status == 400 && reply.field("error") == "invalid_json", "\(String(decoding: body, as: UTF8.self))")
            #expect(reply.field("field") == field)
            #expect(reply.field("message")?.isEmpty == false)
        }
        let registration = try await f.http.send("POST", "/registration", headers: ["StudyTerm-Registration-Token": try await f.tokens(1)[0]],
                                                 json: ["consent": ["version": "c1"], "device": "x"])
        #expect(registration.status == 400 && registration.field("field") == "consent.textSHA256")
        #expect(try await f.store.storedItems(participantID: nil).isEmpty)
        await f.stop()
    }

    @Test func oversizedBodiesGet413AndOtherMediaTypes415() async throws {
        var limits = ServerLimits()
        limits.resultsBodyBytes = 4096
        let f = try await ServerFixture.start(limits: limits)
        let (auth, _) = try await f.register()
        let big = try await f.http.send("POST", "/results", headers: ["Authorization": auth],
                                        json: ["items": [ServerFixture.item(answer: String(repeating: "x", count: 10_000))]])
        #expect(big.status == 413 && big.field("error") == "too_large")
        let text = try await f.http.send("POST", "/results", headers: ["Authorization": auth, "Content-Type": "text/plain"], body: Data("hi".utf8))
        #expect(text.status == 415)
        await f.stop()
    }

    @Test func theLogNeverHoldsAnswersNamesTokensOrKeys() async throws {
        let f = try await ServerFixture.start()
        let token = try await f.tokens(1)[0]
        let device = "CANARYDEVICE Jane Doe laptop"
        let reply = try await f.http.send("POST", "/registration", headers: ["StudyTerm-Registration-Token": token],
                                          json: ServerFixture.registration(device: device))
        let id = try #require(reply.field("participantId")), key = try #require(reply.field("apiKey"))
        let auth = "Basic " + Data("\(id):\(key)".utf8).base64EncodedString()
        let answer = "CANARYANSWER I slept badly"
        _ = try await f.http.send("POST", "/results", headers: ["Authorization": auth], json: ["items": [ServerFixture.item(answer: answer)]])
        var bad = ServerFixture.item(answer: answer)
        bad["kind"] = "CANARYKIND"
        _ = try await f.http.send("POST", "/results", headers: ["Authorization": auth], json: ["items": [bad]])
        _ = try await f.store.sendMessage("CANARYMESSAGE hello Jane", to: .participant(id), at: Date())
        _ = try await f.http.send("GET", "/messages", headers: ["Authorization": auth])
        _ = try await f.http.send("GET", "/registration", headers: ["StudyTerm-Registration-Token": "CANARY-TKN2"])
        _ = try await f.http.send("GET", "/study?token=CANARYQUERY", headers: ["Authorization": "Basic " + Data("P-CANARY22:CANARYKEY".utf8).base64EncodedString()])
        await f.stop()
        let log = f.log.text
        #expect(log.contains("POST /results 200"), "the log has lines at all")
        for secret in ["CANARY", "Jane", "slept", token, token.replacingOccurrences(of: "-", with: ""), key, id] {
            #expect(!log.contains(secret), "the log holds \(secret)")
        }
    }
}
