import Foundation
import StudyAPI
import StudyCore

/// One participant's part of a round of sending (see ``OutboxSender``).
struct ParticipantRound {
    /// The most messages stored from one answer of `GET /messages`.
    static let maximumMessagesPerRound = 200

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
        self.batchSize = min(max(sender.batchSize, 1), ResultBatch.maximumItems)
    }

    /// Sends the participant's due items until none is left or a failure stops the round.
    mutating func sendOutbox(into report: inout SyncReport) async throws(OutboxStoreFailure) {
        let store = sender.store
        while !stopped {
            let due = try store.pending(participantID: credentials.participantID, now: ignoringBackoff ? nil : sender.now(),
                                        limit: batchSize + done.count).filter { !done.contains($0.id) }.prefix(batchSize)
            guard let first = due.first else { return }
            if first.isWithdrawal {
                done.insert(first.id)
                guard try store.unsentResultCount(participantID: credentials.participantID) == 0 else { continue }
                try await sendWithdrawal(first, into: &report)
            } else {
                try await sendResults(Array(due.prefix { !$0.isWithdrawal }), into: &report)
            }
        }
    }

    /// `POST /results` for a batch: acknowledged ids leave the outbox; a refusal naming an item
    /// parks it and the others go again; another refusal sends the items one by one.
    private mutating func sendResults(_ batch: [OutboxEntry], into report: inout SyncReport) async throws(OutboxStoreFailure) {
        var items: [ResultItem] = []
        var entries: [OutboxEntry] = []
        for entry in batch {
            switch entry.content {
            case .result(let kind, let payload, let metadata):
                items.append(ResultItem(id: entry.id, kind: kind, payload: payload, metadata: metadata))
                entries.append(entry)
            case .unreadable(let reason):
                try park(entry.id, reason, into: &report)
            case .withdrawal:
                continue
            }
        }
        guard !items.isEmpty else { return }
        attempted = true
        let receipt: ResultReceipt
        do throws(SyncError) { receipt = try await client.storeResults(ResultBatch(items: items), credentials) } catch {
            if error.isRetryable {
                for entry in entries { try fail(entry, error.description, serverAsked: error.retryAfter, into: &report) }
                stopped = true
            } else if case .refused(_, let body?) = error, let index = FieldPath.itemIndex(body.field, count: items.count) {
                try park(items[index].id, error.description, into: &report)
            } else if items.count > 1 {
                batchSize = 1
            } else {
                try park(items[0].id, error.description, into: &report)
            }
            return
        }
        let wanted = Set(items.map(\.id))
        let stored = Set(receipt.stored.lazy.filter { wanted.contains($0) })
        report.sent += try sender.store.markAccepted(ids: Array(stored), at: sender.now())
        done.formUnion(wanted)
        for entry in entries where !stored.contains(entry.id) {
            try fail(entry, "The study server did not confirm this item.", into: &report)
        }
    }

    /// `DELETE /registration`, once every result of the participant is sent or parked.
    private mutating func sendWithdrawal(_ entry: OutboxEntry, into report: inout SyncReport) async throws(OutboxStoreFailure) {
        attempted = true
        do throws(SyncError) { try await client.withdraw(credentials) } catch {
            if error.isRetryable {
                try fail(entry, error.description, serverAsked: error.retryAfter, into: &report)
                stopped = true
            } else {
                try park(entry.id, error.description, into: &report)
            }
            return
        }
        report.withdrawals += try sender.store.markAccepted(ids: [entry.id], at: sender.now())
    }

    /// `GET /messages`: each new message checked, stored in the inbox, then acknowledged. A message
    /// that cannot be stored (too long) is named in the report and left unacknowledged.
    mutating func deliverMessages(into report: inout SyncReport) async throws(OutboxStoreFailure) {
        attempted = true
        let list: MessageList
        do throws(SyncError) { list = try await client.messages(credentials) } catch {
            report.lastError = error.description
            return
        }
        for message in list.messages.prefix(Self.maximumMessagesPerRound) {
            let checked: CheckedMessage
            do throws(SyncError) { checked = try CheckedMessage(message, receivedAt: sender.now()) } catch {
                report.lastError = error.description
                continue
            }
            if try sender.store.addMessage(checked) { report.messages += 1 }
            do throws(SyncError) { try await client.acknowledge(message.id, credentials) } catch {
                report.lastError = error.description
                return
            }
        }
    }

    /// Parks an item for good with the server's reason.
    private mutating func park(_ id: UUID, _ reason: String, into report: inout SyncReport) throws(OutboxStoreFailure) {
        try sender.store.park(id: id, reason: reason, at: sender.now())
        done.insert(id)
        report.parked += 1
        report.lastError = reason
    }

    /// Counts a failure worth a retry and sets the item's next attempt.
    private mutating func fail(_ entry: OutboxEntry, _ reason: String, serverAsked: Int? = nil,
                               into report: inout SyncReport) throws(OutboxStoreFailure) {
        done.insert(entry.id)
        let attempts = min(max(entry.attempts, 0), 1_000) + 1
        try sender.store.recordFailure(id: entry.id, error: reason, at: sender.now(),
                                       retryAt: sender.retryAt(attempts: attempts, serverAsked: serverAsked))
        report.failed += 1
        report.lastError = reason
    }
}
