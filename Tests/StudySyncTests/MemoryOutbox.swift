import Foundation
import StudyAPI
import StudyCore
@testable import StudySync
import Synchronization

/// An in-memory ``OutboxStore`` for one participant's items, messages and rounds.
final class MemoryOutbox: OutboxStore {
    /// One item and what happened to it.
    struct Item: Sendable {
        /// The item.
        var entry: OutboxEntry
        /// When the server acknowledged it.
        var acceptedAt: Date?
        /// Why it was parked.
        var parkedReason: String?
        /// The last failure.
        var lastError: String?
        /// When it may be sent again.
        var nextAttemptAt: Date?
    }

    /// The participant's account.
    static let account = SendingAccount(baseURL: "http://127.0.0.1:9", credentials: ParticipantCredentials(
        studyID: "sleep-study", participantID: "P-TEST0001", apiKey: "key"))

    private let state = Mutex<(items: [Item], messages: [CheckedMessage], rounds: [String?])>(([], [], []))

    /// A store with `count` results waiting.
    init(results count: Int = 0) {
        for _ in 0..<count { add(.result(.taskResult, payload: .object(["a": .int(1)]), metadata: .object([:]))) }
    }

    /// Adds an item; returns its id.
    @discardableResult
    func add(_ content: OutboxEntry.Content) -> UUID {
        let id = UUID()
        state.withLock { $0.items.append(Item(entry: OutboxEntry(id: id, content: content, attempts: 0))) }
        return id
    }

    /// Every item.
    var items: [Item] { state.withLock { $0.items } }
    /// The messages stored.
    var messages: [CheckedMessage] { state.withLock { $0.messages } }
    /// The rounds recorded (their error).
    var rounds: [String?] { state.withLock { $0.rounds } }
    /// Items parked.
    var parked: [Item] { items.filter { $0.parkedReason != nil } }
    /// Items accepted.
    var accepted: [Item] { items.filter { $0.acceptedAt != nil } }

    /// The one participant.
    func accounts() throws(OutboxStoreFailure) -> [SendingAccount] { [Self.account] }
    /// The participant is current.
    func currentParticipantID() throws(OutboxStoreFailure) -> String? { Self.account.credentials.participantID }

    /// Unsent, unparked items due at `now`.
    func pending(participantID: String, now: Date?, limit: Int) throws(OutboxStoreFailure) -> [OutboxEntry] {
        state.withLock { state in
            Array(state.items.filter { item in
                item.acceptedAt == nil && item.parkedReason == nil && (now == nil || item.nextAttemptAt.map { $0 <= now! } ?? true)
            }.map(\.entry).prefix(limit))
        }
    }

    /// Results still to send.
    func unsentResultCount(participantID: String) throws(OutboxStoreFailure) -> Int {
        items.filter { $0.acceptedAt == nil && $0.parkedReason == nil && $0.entry.content != .withdrawal }.count
    }

    /// Parks an item.
    func park(id: UUID, reason: String, at date: Date) throws(OutboxStoreFailure) {
        update(id) { $0.parkedReason = reason; $0.entry.attempts += 1 }
    }

    /// Marks items accepted; returns how many were pending.
    func markAccepted(ids: [UUID], at date: Date) throws(OutboxStoreFailure) -> Int {
        var count = 0
        for id in ids { update(id) { if $0.acceptedAt == nil { $0.acceptedAt = date; count += 1 } } }
        return count
    }

    /// Records a failure and the next attempt.
    func recordFailure(id: UUID, error: String, at date: Date, retryAt: Date) throws(OutboxStoreFailure) {
        update(id) { $0.lastError = error; $0.nextAttemptAt = retryAt; $0.entry.attempts += 1 }
    }

    /// Stores a message once.
    func addMessage(_ message: CheckedMessage) throws(OutboxStoreFailure) -> Bool {
        state.withLock { state in
            guard !state.messages.contains(where: { $0.id == message.id }) else { return false }
            state.messages.append(message)
            return true
        }
    }

    /// Records a round.
    func recordSync(at date: Date, error: String?) throws(OutboxStoreFailure) { state.withLock { $0.rounds.append(error) } }

    /// Changes the item `id`.
    func update(_ id: UUID, _ change: (inout Item) -> Void) {
        state.withLock { state in
            if let index = state.items.firstIndex(where: { $0.entry.id == id }) { change(&state.items[index]) }
        }
    }
}

extension MemoryOutbox {
    /// Sets every item's failed attempts (as after a long outage).
    func setAttempts(_ attempts: Int) {
        for item in items { update(item.entry.id) { $0.entry.attempts = attempts } }
    }
}
