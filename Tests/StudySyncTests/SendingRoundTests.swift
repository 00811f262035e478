import Foundation
import StudyAPI
import StudyCore
@testable import StudySync
import Testing

/// The sending round against a server that cannot be trusted: every answer below is replayed by
/// a fake transport, and none may crash the round, park what should wait, or wait what should park.
@Suite struct SendingRoundTests {
    /// A sender over `outbox` and `transport`, with a fixed clock and jitter.
    static func sender(_ outbox: MemoryOutbox, _ transport: ScriptedTransport, now: Date = Date(timeIntervalSince1970: 1_800_000_000),
                       batchSize: Int = 100) -> OutboxSender {
        var sender = OutboxSender(store: outbox, transport: transport, allowPlainHTTP: false)
        sender.now = { now }
        sender.random = { 0.999 }
        sender.batchSize = batchSize
        return sender
    }

    /// The receipt for `ids`.
    static func receipt(_ ids: [UUID]) -> String {
        #"{"stored":["# + ids.map { "\"\($0.uuidString.lowercased())\"" }.joined(separator: ",") + "]}"
    }

    @Test(arguments: ["items[-1].id", "items[-9223372036854775808].id", "items[99999999999999999999].id", "items[9223372036854775807]",
                      "items[2].id", "items[].id", "items[+1].id", "items[0x1]", "items[1", "items[１]"])
    func aRefusalNamingAnImpossibleItemFindsTheItemOneByOneInsteadOfCrashing(field: String) async throws {
        let outbox = MemoryOutbox(results: 2)
        let transport = ScriptedTransport()
        transport.script("POST /results", .json(400, #"{"error":"invalid_json","message":"bad item","field":"\#(field)"}"#))
        let report = try await Self.sender(outbox, transport).send(ignoringBackoff: true)
        #expect(report.parked == 2, "one batch, then each item alone, each refused")
        #expect(outbox.parked.count == 2)
        #expect(transport.requests("POST /results").count == 3)
    }

    @Test func aRefusalNamingAnItemParksThatItemAndSendsTheOthers() async throws {
        let outbox = MemoryOutbox(results: 3)
        let ids = outbox.items.map(\.entry.id)
        let transport = ScriptedTransport()
        transport.script("POST /results", .json(400, #"{"error":"invalid_json","message":"item 1 is wrong","field":"items[1].payload"}"#),
                         .json(200, Self.receipt([ids[0], ids[2]])))
        let report = try await Self.sender(outbox, transport).send(ignoringBackoff: true)
        #expect(report.parked == 1 && report.sent == 2)
        #expect(outbox.parked.map(\.entry.id) == [ids[1]])
    }

    @Test func theFieldPathIsReadStrictly() {
        #expect(FieldPath.itemIndex("items[0].id", count: 1) == 0)
        #expect(FieldPath.itemIndex("items[12]", count: 13) == 12)
        for field in ["items[-1].id", "items[-9223372036854775808]", "items[99999999999999999999]", "items[13]", "items[]", "items[ 1]",
                      "items[1", "item[1]", "", String(repeating: "items[1]", count: 100)] {
            #expect(FieldPath.itemIndex(field, count: 13) == nil, "\(field)")
        }
        #expect(FieldPath.itemIndex(nil, count: 3) == nil)
    }

    @Test(arguments: [301, 302, 303, 307, 308])
    func aRedirectIsAServerFailureTheItemsWaitForNotARefusal(status: Int) async throws {
        let outbox = MemoryOutbox(results: 2)
        let transport = ScriptedTransport(["POST /results": [.empty(status, headers: ["location": "http://evil.example/"])]])
        let report = try await Self.sender(outbox, transport).send(ignoringBackoff: true)
        #expect(report.parked == 0 && report.failed == 2)
        #expect(outbox.parked.isEmpty)
        #expect(outbox.items.allSatisfy { $0.lastError?.contains("redirect") == true })
        #expect(transport.requests.allSatisfy { $0.url.host == "127.0.0.1" }, "never followed")
    }

    @Test func anItemTheServerAlreadyHoldsWithOtherContentIsParkedWithTheServersReason() async throws {
        let outbox = MemoryOutbox(results: 1)
        let transport = ScriptedTransport(["POST /results": [
            .json(409, #"{"error":"conflict","message":"item 1f… is already stored with a different content","field":"items[0]"}"#)]])
        let report = try await Self.sender(outbox, transport).send(ignoringBackoff: true)
        #expect(report.parked == 1)
        let reason = try #require(outbox.parked.first?.parkedReason)
        #expect(reason.contains("HTTP 409") && reason.contains("already stored with a different content"))
    }

    @Test(arguments: ["not json", #"{"stored":"x"}"#, #"{"stored":["not-a-uuid"]}"#, "", "[]", #"{"stored":null}"#])
    func anUnreadableReceiptLeavesTheItemsWaiting(body: String) async throws {
        let outbox = MemoryOutbox(results: 2)
        let transport = ScriptedTransport(["POST /results": [.json(200, body)]])
        let report = try await Self.sender(outbox, transport).send(ignoringBackoff: true)
        #expect(report.failed == 2 && report.sent == 0 && report.parked == 0)
    }

    @Test func aReceiptWithIdsNeverSentOrRepeatedAcknowledgesOnlyWhatWasSent() async throws {
        let outbox = MemoryOutbox(results: 2)
        let ids = outbox.items.map(\.entry.id)
        let transport = ScriptedTransport(["POST /results": [.json(200, Self.receipt([ids[0], ids[0], UUID(), UUID()]))]])
        let report = try await Self.sender(outbox, transport).send(ignoringBackoff: true)
        #expect(report.sent == 1 && report.failed == 1)
        #expect(outbox.accepted.map(\.entry.id) == [ids[0]])
    }

    @Test(arguments: [("2", 2.0), ("3600", 3600), ("5000", 3600), ("99999999", 1.999), ("-5", 1.999), ("1.5", 1.999),
                      ("Wed, 21 Oct 2015 07:28:00 GMT", 1.999), ("７", 1.999), ("", 1.999)])
    func aBusyServersRetryAfterIsUsedWhenItIsAValidNumberAndBounded(header: String, expected: Double) async throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let outbox = MemoryOutbox(results: 1)
        let transport = ScriptedTransport(["POST /results": [.json(429, #"{"error":"rate_limited","message":"slow down"}"#,
                                                                   headers: ["retry-after": header])]])
        _ = try await Self.sender(outbox, transport, now: now).send(ignoringBackoff: true)
        // The first failure's own wait is 2 s × (0.5 + 0.5 × 0.999); the server's, when valid, at least that, at most an hour.
        let wait = try #require(outbox.items.first?.nextAttemptAt).timeIntervalSince(now)
        #expect(abs(wait - expected) < 0.01, "\(header): \(wait)")
        #expect(outbox.parked.isEmpty)
    }

    @Test func aBusyServersWaitIsNamedInItsOwnNumbers() {
        #expect(SyncError.busy(retryAfter: 2, message: "slow").description.contains("tries again in 2 seconds"))
        #expect(!SyncError.busy(retryAfter: 2, message: "slow").description.contains("minute"))
        #expect(SyncError.seconds("2") == 2 && SyncError.seconds("0") == 1 && SyncError.seconds("5000") == 3600)
        #expect(SyncError.seconds("-1") == nil && SyncError.seconds("1e3") == nil && SyncError.seconds("9999999") == nil)
    }

    @Test func anItemIsTriedAgainAtMostAMinuteAfterAFailureHoweverManyCameBefore() async throws {
        let backoff = Backoff()
        for attempt in [1, 5, 6, 7, 30, 1_000, Int.max] {
            #expect(backoff.delay(attempt: attempt, random: 0.999_999) <= 60, "attempt \(attempt)")
        }
        #expect(backoff.delay(attempt: 1, random: .nan) <= 2)
        // On the test clock: a server down for ten rounds, then back; the item is due within a minute.
        var now = Date(timeIntervalSince1970: 1_800_000_000)
        let outbox = MemoryOutbox(results: 1)
        let transport = ScriptedTransport(["POST /results": [.failure("the connection was refused")]])
        for _ in 0..<10 {
            _ = try await Self.sender(outbox, transport, now: now).send()
            let due = try #require(outbox.items.first?.nextAttemptAt)
            #expect(due.timeIntervalSince(now) <= 60)
            now = due
        }
    }

    @Test func aMessageWithAnImpossibleDateIsStoredWithTheTimeItArrived() async throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let outbox = MemoryOutbox()
        let id = UUID()
        let transport = ScriptedTransport([
            "GET /messages": [.json(200, #"{"messages":[{"id":"\#(id.uuidString)","text":"Hello","sentAt":"99999-01-01T00:00:00Z"}]}"#)],
            "PUT /messages/{id}/acknowledgement": [.empty(204)]])
        let report = try await Self.sender(outbox, transport, now: now).send()
        #expect(report.messages == 1)
        #expect(outbox.messages.first?.sentAt == now)
        #expect(transport.requests("PUT /messages/{id}/acknowledgement").count == 1)
    }

    @Test func aMessageLargerThanAMessageMayBeIsNotStoredAndSaysWhy() async throws {
        let outbox = MemoryOutbox()
        let text = String(repeating: "x", count: CheckedMessage.maximumTextBytes + 1)
        let transport = ScriptedTransport([
            "GET /messages": [.json(200, #"{"messages":[{"id":"\#(UUID().uuidString)","text":"\#(text)","sentAt":"2026-01-01T00:00:00Z"}]}"#)],
            "PUT /messages/{id}/acknowledgement": [.empty(204)]])
        let report = try await Self.sender(outbox, transport).send()
        #expect(report.messages == 0 && outbox.messages.isEmpty)
        #expect(report.lastError?.contains("64 KB") == true)
        #expect(transport.requests("PUT /messages/{id}/acknowledgement").isEmpty)
    }

    @Test func anAnswerLargerThanItsCapIsRefusedByTheClientEvenIfTheTransportReadIt() async throws {
        let outbox = MemoryOutbox()
        let big = String(repeating: " ", count: AnswerLimits.messages + 1)
        let transport = ScriptedTransport(["GET /messages": [.json(200, #"{"messages":[]}"# + big)]])
        let report = try await Self.sender(outbox, transport).send()
        #expect(report.lastError?.contains("larger than the 4 MB") == true)
        #expect(transport.requests("GET /messages").first?.maximumAnswerBytes == AnswerLimits.messages)
    }

    @Test func aWithdrawalAnsweredByARedirectWaits() async throws {
        let outbox = MemoryOutbox()
        outbox.add(.withdrawal)
        let transport = ScriptedTransport(["DELETE /registration": [.empty(302, headers: ["location": "/elsewhere"])]])
        let report = try await Self.sender(outbox, transport).send(ignoringBackoff: true)
        #expect(report.failed == 1 && report.parked == 0 && report.withdrawals == 0)
    }
}
