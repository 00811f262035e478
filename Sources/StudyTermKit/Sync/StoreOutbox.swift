import Foundation
import StudyAPI
import StudyCore
import StudyStore
import StudySync

/// The sending round's view of the app's database (`OutboxStore` over `StudyStore`). Store
/// errors reach the round as sentences; they never carry SQL.
package struct StoreOutbox: OutboxStore {
    /// The store.
    package var store: StudyStore

    /// The view of `store`.
    package init(store: StudyStore) { self.store = store }

    /// Every participant's server credentials, oldest first.
    package func accounts() throws(OutboxStoreFailure) -> [SendingAccount] {
        try wrap { () throws(StoreError) in
            try store.allCredentials().map { stored in
                SendingAccount(baseURL: stored.baseURL, credentials: ParticipantCredentials(
                    studyID: stored.studyID, participantID: stored.participantID, apiKey: stored.apiKey))
            }
        }
    }

    /// The participant of the current enrollment.
    package func currentParticipantID() throws(OutboxStoreFailure) -> String? {
        try wrap { () throws(StoreError) in try store.currentEnrollment()?.participantID }
    }

    /// A participant's due items, read back.
    package func pending(participantID: String, now: Date?, limit: Int) throws(OutboxStoreFailure) -> [OutboxEntry] {
        try wrap { () throws(StoreError) in
            try store.pendingOutbox(participantID: participantID, now: now, limit: limit).map(Self.entry)
        }
    }

    /// How many of a participant's results are unsent and not parked.
    package func unsentResultCount(participantID: String) throws(OutboxStoreFailure) -> Int {
        try wrap { () throws(StoreError) in try store.unsentResultCount(participantID: participantID) }
    }

    /// Parks an item.
    package func park(id: UUID, reason: String, at date: Date) throws(OutboxStoreFailure) {
        try wrap { () throws(StoreError) in try store.park(id: id, reason: reason, at: date) }
    }

    /// Marks items acknowledged.
    package func markAccepted(ids: [UUID], at date: Date) throws(OutboxStoreFailure) -> Int {
        try wrap { () throws(StoreError) in try store.markAccepted(ids: ids, at: date) }
    }

    /// Records a failure worth a retry.
    package func recordFailure(id: UUID, error: String, at date: Date, retryAt: Date) throws(OutboxStoreFailure) {
        try wrap { () throws(StoreError) in try store.recordFailure(id: id, error: error, at: date, retryAt: retryAt) }
    }

    /// Stores a checked message in the current participant's inbox (the round fetches messages
    /// only for the current participant).
    package func addMessage(_ message: CheckedMessage) throws(OutboxStoreFailure) -> Bool {
        try wrap { () throws(StoreError) in
            let record = NotificationRecord(id: message.id, kind: .message, title: "Message from the study team",
                                            body: message.text, createdAt: message.sentAt)
            if let participant = try store.currentScope() { return try participant.addNotification(record) }
            return try store.addNotification(record)
        }
    }

    /// Records a round.
    package func recordSync(at date: Date, error: String?) throws(OutboxStoreFailure) {
        try wrap { () throws(StoreError) in try store.recordSync(at: date, error: error) }
    }

    /// An outbox item as the round sees it.
    static func entry(_ item: OutboxItem) -> OutboxEntry {
        let content: OutboxEntry.Content
        if item.kind == .withdrawal {
            content = .withdrawal
        } else if let kind = ResultKind(rawValue: item.kind.rawValue), let payload = try? item.payloadJSON(),
                  let metadata = try? item.metadataJSON() {
            content = .result(kind, payload: payload, metadata: metadata)
        } else {
            content = .unreadable("This item cannot be read back from the database.")
        }
        return OutboxEntry(id: item.id, content: content, attempts: item.attempts)
    }

    /// Runs `body`, turning a store error into the round's failure.
    private func wrap<T>(_ body: () throws(StoreError) -> T) throws(OutboxStoreFailure) -> T {
        do { return try body() } catch { throw OutboxStoreFailure(error.description) }
    }
}
