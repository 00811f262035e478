import Foundation
import StudyCore
import StudyStore

/// The running station's status file: written whole and atomically at the start, after every
/// session's end and after every sending round that sent or failed, from the store's counts
/// (today's sessions by end reason, results waiting and the oldest's age, the last sending round), the
/// data folder's free space, the admin PIN's lockout (its file), whether the clock is synchronized
/// (`ClockSynchronization`, read from files: the running station spawns nothing) and the audit
/// log's head. A disk running low or a clock that is not synchronized is audited once, when first
/// seen (again after it recovered). It holds no answers and no identifiers.
package struct StationStatus: Sendable {
    /// The station's configuration.
    package let configuration: KioskConfiguration
    /// The station's store.
    package let store: StudyStore
    /// The audit log (its head goes into the status, for verify-audit).
    package let audit: StationAudit
    /// SHA-256 of the study definition in use.
    package let studyHash: String?
    /// SHA-256 of the configuration file.
    package var configurationHash: String?
    /// The disk and clock warnings already audited in this run.
    package let warnings = StationWarnings()
    /// The calendar "today" is counted in.
    package var calendar: Calendar = .current
    /// Where the clock's synchronization is read.
    package var clock = ClockSynchronization()

    /// A status writer for this station.
    package init(configuration: KioskConfiguration, store: StudyStore, audit: StationAudit, studyHash: String?) {
        (self.configuration, self.store, self.audit, self.studyHash) = (configuration, store, audit, studyHash)
    }

    /// The status at `now`.
    package func status(at now: Date) throws(StoreError) -> KioskStatus {
        let counts = try store.kioskSessionCounts(since: calendar.startOfDay(for: now))
        let sync = try store.syncSummary()
        let lastSync = sync.lastAttemptAt.map { KioskStatus.SyncState(at: $0, succeeded: sync.lastError == nil, error: sync.lastError) }
        var space = statvfs()
        let free = statvfs(configuration.dataDirectory, &space) == 0 ? Int64(space.f_bavail) * Int64(space.f_frsize) : nil
        let lockout = LiveKioskServices.lockoutFile(configuration).load(now: now)
        let locked = lockout.admission(at: now, boot: BootInstant.now()) == .allowed ? nil : lockout.lockedUntil
        return KioskStatus(stationID: configuration.stationID, writtenAt: now, appVersion: StoreOpening.appVersion,
                           studyDefinitionHash: studyHash, pendingResults: counts.pendingResults,
                           oldestPendingAt: counts.oldestPendingAt, lastSync: lastSync, freeDiskBytes: free, clockSynchronized: clock.synchronized,
                           sessionsToday: counts.ended, pinLockout: KioskStatus.PINLockoutState(failures: lockout.failures, lockedUntil: locked),
                           auditHead: audit.head, configurationHash: configurationHash)
    }

    /// Writes the status file, auditing a disk or clock warning it shows for the first time
    /// (before the status takes the audit log's head); returns false when it could not be written
    /// (never shown to the participant).
    @discardableResult
    package func write(at now: Date = Date()) -> Bool {
        do {
            var status = try status(at: now)
            let events = warnings.newWarnings(in: status)
            if !events.isEmpty {
                for event in events { audit.record(event, at: now) }
                status.auditHead = audit.head
            }
            try KioskStatusWriter(path: configuration.statusFile).write(status)
            return true
        } catch {
            return false
        }
    }
}
