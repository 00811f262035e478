import Foundation
import StudyCore

/// The station's audit log shared by its services: appends under a lock, so the closures that
/// record session ends stay `Sendable`. An append that fails is counted, never shown on the
/// participant's screen; the status file and `verify-audit` tell staff.
package final class StationAudit: @unchecked Sendable {
    private let lock = NSLock()
    private var log: AuditLog
    private var failures = 0

    /// Opens (or creates) the audit log at `path`.
    package init(path: String) throws(PrivateFile.Failure) {
        log = try AuditLog(path: path)
    }

    /// Appends `event` now; returns false when it could not be written.
    @discardableResult
    package func record(_ event: AuditEvent, at time: Date = Date()) -> Bool {
        lock.withLock {
            do throws(PrivateFile.Failure) {
                try log.append(event, at: time)
                return true
            } catch {
                failures += 1
                return false
            }
        }
    }

    /// Appends `event` at `time`, or throws why it could not (a command that must not pretend).
    package func recordOrThrow(_ event: AuditEvent, at time: Date = Date()) throws(PrivateFile.Failure) {
        lock.lock()
        defer { lock.unlock() }
        try log.append(event, at: time)
    }

    /// How many appends failed since the station started.
    package var failedAppends: Int { lock.withLock { failures } }

    /// The log's head as the status file carries it.
    package var head: KioskStatus.AuditHead { lock.withLock { log.head } }

    /// The number of records in the log.
    package var records: Int { lock.withLock { log.records } }
}
