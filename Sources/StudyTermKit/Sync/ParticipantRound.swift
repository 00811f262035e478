import Foundation
import StudyAPI
import StudyCore
import StudyStore
import StudySync

/// One participant's part of a round of sending (see ``OutboxSender``).
struct ParticipantRound {
    /// The sender (store, clock, backoff).
    let sender: OutboxSender
    /// The participant's server.
    let client: StudyAPIClient
    /// The participant's credentials.
    let credentials: ParticipantCredentials
    /// True to send items still backing off.
    let ignoringBackoff: Bool
    /// True once a request was made.
    private(set) var attempted = false
    /// True after a failure worth a retry: the server is not asked again in this round.
    private(set) var stopped = false
    /// Items per request; 1 after a refusal that names no item, to find the one at fault.
    private var batchSize: Int
    /// Items done with in this round: sent, failed, parked, or a withdrawal that waits.
    private var done = Set<UUID>()

    /// A round for one participant.
    init(sender: OutboxSender, client: StudyAPIClient, credentials: ParticipantCredentials, ignoringBackoff: Bool) {
        self.sender = sender
        self.client = client
        self.credentials = credentials
        self.ignoringBackoff = ignoringBackoff
        self.batchSize = sender.batchSize
    }

    /// Sends the participant's due items until none is left or a failure stops the round.
    mutating func sendOutbox(into report: inout SyncReport) async throws(StoreError) {
        let store = sender.store
        while !stopped {
            let due = try store.pendingOutbox(participantID: credentials.participantID, now: ignoringBackoff ? nil : sender.now(),
                                              limit: batchSize + done.count).filter { !done.contains($0.id) }.prefix(batchSize)
            guard let first = due.first else { return }
            if first.kind == .withdrawal {
                done.insert(first.id)
                guard try store.unsentResultCount(participantID: credentials.participantID) == 0 else { continue }
                try await sendWithdrawal(first, into: &report)
            } else {
                try await sendResults(Array(due.prefix { $0.kind != .withdrawal }), into: &report)
            }
        }
    }

    /// `POST /results` for a batch: acknowledged ids leave the outbox; a refusal naming an item
    /// parks it and the others go again; another refusal sends the items one by one.
    private mutating func sendResults(_ batch: [OutboxItem], into report: inout SyncReport) async throws(StoreError) {
        let store = sender.store
        var items: [ResultItem] = []
        for item in batch {
            guard let kind = ResultKind(rawValue: item.kind.rawValue), let payload = try? item.payloadJSON(),
                  let metadata = try? item.metadataJSON() else {
                try store.park(id: item.id, reason: "This item cannot be read back from the database.", at: sender.now())
                done.insert(item.id)
                report.parked += 1
                continue
            }
            items.append(ResultItem(id: item.id, kind: kind, payload: payload, metadata: metadata))
        }
        guard !items.isEmpty else { return }
        attempted = true
        let receipt: ResultReceipt
        do throws(SyncError) { receipt = try await client.storeResults(ResultBatch(items: items), credentials) } catch {
            if error.isRetryable {
                for item in batch where items.contains(where: { $0.id == item.id }) { try fail(item, error.description, into: &report) }
                stopped = true
            } else if case .refused(_, let body?) = error, let index = Self.itemIndex(body.field), index < items.count {
                try store.park(id: items[index].id, reason: error.description, at: sender.now())
                done.insert(items[index].id)
                report.parked += 1
                report.lastError = error.description
            } else if items.count > 1 {
                batchSize = 1
            } else {
                try store.park(id: items[0].id, reason: error.description, at: sender.now())
                done.insert(items[0].id)
                report.parked += 1
                report.lastError = error.description
            }
            return
        }
        let wanted = Set(items.map(\.id))
        let stored = Set(receipt.stored.filter { wanted.contains($0) })
        report.sent += try store.markAccepted(ids: Array(stored), at: sender.now())
        done.formUnion(wanted)
        for item in batch where !stored.contains(item.id) && wanted.contains(item.id) {
            try fail(item, "The study server did not confirm this item.", into: &report)
        }
    }

    /// `DELETE /registration`, once every result of the participant is sent or parked.
    private mutating func sendWithdrawal(_ item: OutboxItem, into report: inout SyncReport) async throws(StoreError) {
        attempted = true
        do throws(SyncError) { try await client.withdraw(credentials) } catch {
            if error.isRetryable {
                try fail(item, error.description, into: &report)
                stopped = true
            } else {
                try sender.store.park(id: item.id, reason: error.description, at: sender.now())
                report.parked += 1
                report.lastError = error.description
            }
            return
        }
        report.withdrawals += try sender.store.markAccepted(ids: [item.id], at: sender.now())
    }

    /// `GET /messages`: each new message stored in the inbox, then acknowledged.
    mutating func deliverMessages(into report: inout SyncReport) async throws(StoreError) {
        attempted = true
        let list: MessageList
        do throws(SyncError) { list = try await client.messages(credentials) } catch {
            report.lastError = error.description
            return
        }
        for message in list.messages {
            let stored = try sender.store.addNotification(NotificationRecord(
                id: message.id.uuidString.lowercased(), kind: .message, title: "Message from the study team", body: message.text,
                createdAt: message.sentAt))
            if stored { report.messages += 1 }
            do throws(SyncError) { try await client.acknowledge(message.id, credentials) } catch {
                report.lastError = error.description
                return
            }
        }
    }

    /// Counts a failure worth a retry and sets the item's next attempt.
    private mutating func fail(_ item: OutboxItem, _ reason: String, into report: inout SyncReport) throws(StoreError) {
        done.insert(item.id)
        try sender.store.recordFailure(id: item.id, error: reason, at: sender.now(), retryAt: sender.retryAt(attempts: item.attempts + 1))
        report.failed += 1
        report.lastError = reason
    }

    /// The item index of a field path such as `items[3].payload`.
    static func itemIndex(_ field: String?) -> Int? {
        guard let field, field.hasPrefix("items["), let close = field.firstIndex(of: "]") else { return nil }
        return Int(field[field.index(field.startIndex, offsetBy: 6)..<close])
    }
}
