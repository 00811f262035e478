import Foundation
import StudyAPI
import StudyCore

/// Sends the outbox to the study servers of the participants this computer has credentials for:
/// results in batches (`POST /results`), each participant's withdrawal only once all their results
/// are sent or parked (`DELETE /registration`), then the current participant's messages into the
/// inbox (checked, then acknowledged once stored). An item leaves the outbox only when the server
/// has acknowledged its id; a network failure, a redirect, 5xx or 429 waits with backoff, any other
/// refusal parks the item with the server's reason. Nothing in an answer is trusted before it is
/// checked: indexes, ids, counts, dates and sizes.
public struct OutboxSender: Sendable {
    /// The outbox, credentials and inbox.
    public var store: any OutboxStore
    /// How requests travel.
    public var transport: any HTTPTransport
    /// True when the station allows plain `http://` beyond this computer.
    public var allowPlainHTTP: Bool
    /// Items per `POST /results`.
    public var batchSize = 100
    /// The clock.
    public var now: @Sendable () -> Date = { Date() }
    /// Jitter for the backoff, in 0..<1.
    public var random: @Sendable () -> Double = { Double.random(in: 0..<1) }
    /// The waits between retries.
    public var backoff = Backoff()

    /// A sender.
    public init(store: any OutboxStore, transport: any HTTPTransport, allowPlainHTTP: Bool) {
        self.store = store
        self.transport = transport
        self.allowPlainHTTP = allowPlainHTTP
    }

    /// One round: every participant's due items (all unsent, unparked items when `ignoringBackoff`),
    /// then messages. Stops a participant's round at their first failure that is worth a retry.
    public func send(ignoringBackoff: Bool = false) async throws(OutboxStoreFailure) -> SyncReport {
        var report = SyncReport()
        let accounts = try store.accounts()
        report.participants = accounts.count
        var attempted = false
        let current = try store.currentParticipantID()
        for account in accounts {
            let client: StudyAPIClient
            do { client = StudyAPIClient(address: try ServerAddress(stored: account.baseURL, allowPlainHTTP: allowPlainHTTP), transport: transport) } catch {
                report.lastError = error.description
                continue
            }
            var participant = ParticipantRound(sender: self, client: client, credentials: account.credentials, ignoringBackoff: ignoringBackoff)
            try await participant.sendOutbox(into: &report)
            attempted = attempted || participant.attempted
            if account.credentials.participantID == current, !participant.stopped {
                try await participant.deliverMessages(into: &report)
                attempted = true
            }
        }
        if attempted { try store.recordSync(at: now(), error: report.lastError) }
        return report
    }

    /// When an item that failed `attempts` times may be sent again (`serverAsked`: a checked `Retry-After`).
    func retryAt(attempts: Int, serverAsked: Int? = nil) -> Date {
        now().addingTimeInterval(backoff.delay(attempt: attempts, random: random(), serverAsked: serverAsked))
    }
}
