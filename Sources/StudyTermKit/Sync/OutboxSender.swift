import Foundation
import StudyAPI
import StudyCore
import StudyStore
import StudySync

/// Sends the outbox to the study servers of the participants this computer has credentials for:
/// results in batches (`POST /results`), each participant's withdrawal only once all their results
/// are sent or parked (`DELETE /registration`), then the current participant's messages into the
/// inbox (acknowledged once stored). An item leaves the outbox only when the server has
/// acknowledged its id; a network failure, 5xx or 429 waits with backoff, any other refusal parks
/// the item with the server's reason. Items of studies on this computer are never touched.
package struct OutboxSender: Sendable {
    /// The store.
    package var store: StudyStore
    /// How requests travel.
    package var transport: any HTTPTransport
    /// True when the station allows plain `http://` beyond this computer.
    package var allowPlainHTTP: Bool
    /// Items per `POST /results`.
    package var batchSize = 100
    /// The clock.
    package var now: @Sendable () -> Date = { Date() }
    /// Jitter for the backoff, in 0..<1.
    package var random: @Sendable () -> Double = { Double.random(in: 0..<1) }
    /// The waits between retries.
    var backoff = Backoff()

    /// A sender.
    package init(store: StudyStore, transport: any HTTPTransport, allowPlainHTTP: Bool) {
        self.store = store
        self.transport = transport
        self.allowPlainHTTP = allowPlainHTTP
    }

    /// One round: every participant's due items (all unsent, unparked items when `ignoringBackoff`),
    /// then messages. Stops a participant's round at their first failure that is worth a retry.
    package func send(ignoringBackoff: Bool = false) async throws(StoreError) -> SyncReport {
        var report = SyncReport()
        let credentials = try store.allCredentials()
        report.participants = credentials.count
        var attempted = false
        let current = try store.currentEnrollment()?.participantID
        for credential in credentials {
            let client: StudyAPIClient
            do { client = StudyAPIClient(address: try ServerAddress(stored: credential.baseURL, allowPlainHTTP: allowPlainHTTP), transport: transport) } catch {
                report.lastError = error.description
                continue
            }
            let issued = ParticipantCredentials(studyID: credential.studyID, participantID: credential.participantID, apiKey: credential.apiKey)
            var participant = ParticipantRound(sender: self, client: client, credentials: issued, ignoringBackoff: ignoringBackoff)
            try await participant.sendOutbox(into: &report)
            attempted = attempted || participant.attempted
            if credential.participantID == current, !participant.stopped {
                try await participant.deliverMessages(into: &report)
                attempted = true
            }
        }
        if attempted { try store.recordSync(at: now(), error: report.lastError) }
        return report
    }

    /// When an item that failed `attempts` times may be sent again.
    func retryAt(attempts: Int) -> Date {
        now().addingTimeInterval(backoff.delay(attempt: attempts, random: random()))
    }
}
