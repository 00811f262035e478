import Foundation
import ServerStore
import StudyAPI
import Testing
@testable import StudyServerKit

/// The participant's routes over real HTTP on loopback: study, results, messages, and the
/// walls between participants.
@Suite struct ParticipantHTTPTests {
    @Test func theStudyComesWithItsFilesAndAnETagThatAnswers304() async throws {
        let f = try await ServerFixture.start()
        let (auth, _) = try await f.register()
        let reply = try await f.http.send("GET", "/study", headers: ["Authorization": auth])
        #expect(reply.status == 200)
        let document = try APICoding.decoder().decode(StudyDocument.self, from: reply.body)
        #expect(document.version == "1" && document.definition["identifier"]?.stringValue == "sleep-study")
        #expect(document.files.map(\.path) == ["consent.md", "tasks/extra.json", "tasks/mood.json"])
        let etag = try #require(reply.headers["etag"])
        let again = try await f.http.send("GET", "/study", headers: ["Authorization": auth, "If-None-Match": etag])
        #expect(again.status == 304 && again.body.isEmpty && again.headers["etag"] == etag)
        #expect(try await f.http.send("GET", "/study", headers: ["Authorization": auth, "If-None-Match": "\"old\""]).status == 200)
        await f.stop()
    }

    @Test func aNewPublishedVersionChangesTheETag() async throws {
        let f = try await ServerFixture.start()
        let (auth, _) = try await f.register()
        let before = try #require(try await f.http.send("GET", "/study", headers: ["Authorization": auth]).headers["etag"])
        try ServerFixture.writeStudy(into: f.folder, version: "2")
        #expect(try await f.store.publish(try StudyPublisher().publication(folder: f.folder.path, at: Date())))
        let reply = try await f.http.send("GET", "/study", headers: ["Authorization": auth, "If-None-Match": before])
        #expect(reply.status == 200 && reply.headers["etag"] != before)
        #expect(try APICoding.decoder().decode(StudyDocument.self, from: reply.body).version == "2")
        await f.stop()
    }

    @Test func resultsAreUpsertedSoAReplayNeverDuplicates() async throws {
        let f = try await ServerFixture.start()
        let (auth, id) = try await f.register()
        let items = (0..<3).map { _ in ServerFixture.item() }
        let first = try await f.http.send("POST", "/results", headers: ["Authorization": auth], json: ["items": items])
        #expect(first.status == 200)
        let receipt = try APICoding.decoder().decode(ResultReceipt.self, from: first.body)
        #expect(receipt.stored.map(\.uuidString) == items.map { $0["id"] as! String })
        let replay = try await f.http.send("POST", "/results", headers: ["Authorization": auth], json: ["items": items + items])
        #expect(try APICoding.decoder().decode(ResultReceipt.self, from: replay.body) == receipt)
        let stored = try await f.store.storedItems(participantID: nil)
        #expect(stored.count == 3 && stored.allSatisfy { $0.participantID == id })
        #expect(stored.allSatisfy { $0.item.metadata.contains("\"participantId\":\"\(id)\"") })
        await f.stop()
    }

    @Test func oneParticipantCannotReadOrWriteAnothersData() async throws {
        let f = try await ServerFixture.start()
        let (authA, a) = try await f.register(device: "A")
        let (authB, b) = try await f.register(device: "B")
        let shared = UUID()
        _ = try await f.http.send("POST", "/results", headers: ["Authorization": authA], json: ["items": [ServerFixture.item(id: shared, answer: "A's")]])
        _ = try await f.http.send("POST", "/results", headers: ["Authorization": authB], json: ["items": [ServerFixture.item(id: shared, answer: "B's")]])
        #expect(try await f.store.storedItems(participantID: a).map { $0.item.payload.contains("A's") } == [true])
        #expect(try await f.store.storedItems(participantID: b).map { $0.item.payload.contains("B's") } == [true])
        _ = try await f.store.sendMessage("for A only", to: .participant(a), at: Date())
        let messageID = try #require(try await f.store.unacknowledgedMessages(participantID: a).first?.id)
        let inboxB = try await f.http.send("GET", "/messages", headers: ["Authorization": authB])
        #expect(try APICoding.decoder().decode(MessageList.self, from: inboxB.body).messages.isEmpty)
        #expect(try await f.http.send("PUT", APIRoute.acknowledgement(messageID), headers: ["Authorization": authB]).status == 404)
        #expect(try await f.store.unacknowledgedMessages(participantID: a).count == 1)
        let keyOfB = String(data: Data(base64Encoded: String(authB.dropFirst(6)))!, encoding: .utf8)!.split(separator: ":")[1]
        let mixed = "Basic " + Data("\(a):\(keyOfB)".utf8).base64EncodedString()
        #expect(try await f.http.send("GET", "/messages", headers: ["Authorization": mixed]).status == 401)
        #expect(try await f.http.send("POST", "/results", headers: ["Authorization": mixed], json: ["items": [ServerFixture.item()]]).status == 401)
        #expect(try await f.http.send("GET", "/study").status == 401)
        await f.stop()
    }

    @Test func messagesArriveAndAreAcknowledgedOnce() async throws {
        let f = try await ServerFixture.start()
        let (auth, id) = try await f.register()
        _ = try await f.store.sendMessage("Please do today's task.", to: .participant(id), at: Date())
        let inbox = try APICoding.decoder().decode(MessageList.self, from: try await f.http.send("GET", "/messages", headers: ["Authorization": auth]).body)
        #expect(inbox.messages.map(\.text) == ["Please do today's task."])
        let path = APIRoute.acknowledgement(inbox.messages[0].id)
        #expect(try await f.http.send("PUT", path, headers: ["Authorization": auth]).status == 204)
        #expect(try await f.http.send("PUT", path, headers: ["Authorization": auth]).status == 204)
        #expect(try await f.http.send("PUT", "/messages/not-a-uuid/acknowledgement", headers: ["Authorization": auth]).status == 400)
        let after = try await f.http.send("GET", "/messages", headers: ["Authorization": auth])
        #expect(try APICoding.decoder().decode(MessageList.self, from: after.body).messages.isEmpty)
        await f.stop()
    }
}
