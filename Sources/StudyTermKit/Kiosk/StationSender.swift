import Foundation
import StudyCore
import StudyStore
import StudySync
import StudyTUI

/// A station's sending to its study server, off the participant's loop: a round after every
/// session's end and on staff's "Sync now" (both skip the backoff waits), and, while results
/// wait because the server could not be reached, rounds again when the earliest wait is over
/// (the outbox's backoff: 2 s doubling to a minute, with jitter). One round runs at a time; a
/// round asked for while another runs follows it. With `deleteAfterUpload` a round that sent
/// something deletes the answers of every run the server accepted whole. Each round that sent something or failed
/// rewrites the status file; the audit log gets `sync-succeeded` with the count sent, and
/// `sync-failed` (problem and pending count, never the server's words) when sending starts to
/// fail, not again for every retry of the same outage.
package actor StationSender {
    /// The outbox sender over the station's outbox.
    let sender: OutboxSender
    /// The station's store (counts for the report).
    let store: StudyStore
    /// The audit log.
    let audit: StationAudit
    /// The status file, rewritten after a round.
    let status: StationStatus?
    /// True to delete a result's answers from the station once the server accepted all of it.
    let deleteAfterUpload: Bool
    /// The last round chained (the next waits for it).
    private var last: Task<KioskSyncReport, Never>?
    /// The retry waiting for the earliest backoff to end.
    private var retry: Task<Void, Never>?
    /// True while the last round ended in a failure already audited.
    private var failing = false

    /// A sender for the station over `sender`; `deleteAfterUpload` is the configuration's retention.
    package init(sender: OutboxSender, store: StudyStore, audit: StationAudit, status: StationStatus?, deleteAfterUpload: Bool = false) {
        (self.sender, self.store, self.audit, self.status) = (sender, store, audit, status)
        self.deleteAfterUpload = deleteAfterUpload
    }

    /// A round in the background (after a session's end, and at the start); returns at once.
    package nonisolated func sendInBackground() {
        Task { await self.round(ignoringBackoff: true) }
    }

    /// One round now, after any round already running; its report.
    @discardableResult
    package func round(ignoringBackoff: Bool) async -> KioskSyncReport {
        let previous = last
        let task = Task { [sender, store] () -> KioskSyncReport in
            _ = await previous?.value
            return await Self.perform(sender, store: store, ignoringBackoff: ignoringBackoff)
        }
        last = task
        let report = await task.value
        finish(report)
        return report
    }

    /// Audits and records a round's outcome and arranges the retry while results wait.
    private func finish(_ report: KioskSyncReport) {
        let now = sender.now()
        if let error = report.error {
            if !failing { audit.record(.syncFailed(problem: Self.problem(error), pending: report.pending), at: now) }
            failing = true
        } else if report.sent > 0 || report.pending == 0 {
            if report.sent > 0 { audit.record(.syncSucceeded(sent: report.sent), at: now) }
            failing = false
        }
        if report.sent > 0, deleteAfterUpload { _ = try? store.deleteUploadedKioskResults() }
        if report.sent > 0 || report.error != nil { status?.write(at: now) }
        retry?.cancel()
        retry = nil
        guard ((try? store.unsentKioskResultCount()) ?? 0) > 0 else { return }
        let next = (try? store.nextKioskAttemptAt()) ?? nil
        let wait = Self.retryWait(until: next, now: now)
        retry = Task { [weak self] in
            try? await Task.sleep(nanoseconds: UInt64(wait * 1_000_000_000))
            guard !Task.isCancelled, let self else { return }
            await self.round(ignoringBackoff: false)
        }
    }

    /// One round of `sender` as the station reports it: the results acknowledged, those still
    /// waiting (kiosk results not accepted, parked ones included), and the error in words.
    static func perform(_ sender: OutboxSender, store: StudyStore, ignoringBackoff: Bool) async -> KioskSyncReport {
        let pending = { (try? store.kioskSessionCounts(since: .distantPast).pendingResults) ?? 0 }
        let report: SyncReport
        do { report = try await sender.send(ignoringBackoff: ignoringBackoff) } catch {
            return KioskSyncReport(sent: 0, pending: pending(), error: error.description)
        }
        return KioskSyncReport(sent: report.sent, pending: pending(), error: report.lastError)
    }

    /// Seconds until the retry round: until the earliest item is due, at least 1 s and at most a
    /// minute (the backoff's cap), a minute when no item names a time.
    static func retryWait(until next: Date?, now: Date) -> TimeInterval {
        guard let next else { return 60 }
        return min(max(next.timeIntervalSince(now), 1), 60)
    }

    /// The audit's kind of failure for the client's sentence (see `SyncError.description`).
    static func problem(_ error: String) -> AuditEvent.SyncProblem {
        if error.hasPrefix("The study server cannot be reached") { return .unreachable }
        if error.hasPrefix("The study server failed") || error.hasPrefix("The study server is busy") { return .serverError }
        if error.hasPrefix("The study server refused") { return .refused }
        return .other
    }
}
