import Foundation
import StudyCore

/// The station's disk and clock warnings for the audit log: each is recorded once when a status
/// first shows it, and again only after a status showed it cleared, so a station low on disk for a
/// week leaves one record, not one per session.
package final class StationWarnings: @unchecked Sendable {
    /// Below this much free space on the data folder's file system, the disk is low (`kiosk doctor`'s limit).
    package static let minimumFreeBytes = KioskDoctor.minimumFreeBytes
    /// Guards the state.
    private let lock = NSLock()
    /// Whether each warning is in force (already audited).
    private var diskLow = false, clockUnsynchronized = false

    /// A fresh state: nothing audited yet in this run.
    package init() {}

    /// The warnings `status` shows that were not in force, now in force; the ones it no longer
    /// shows are cleared. A clock that cannot be told (nil) changes nothing.
    package func newWarnings(in status: KioskStatus) -> [AuditEvent] {
        lock.withLock {
            var events: [AuditEvent] = []
            if let free = status.freeDiskBytes {
                let low = free < Self.minimumFreeBytes
                if low, !diskLow { events.append(.diskLow(freeBytes: free, thresholdBytes: Self.minimumFreeBytes)) }
                diskLow = low
            }
            if let synchronized = status.clockSynchronized {
                if !synchronized, !clockUnsynchronized { events.append(.clockUnsynchronized) }
                clockUnsynchronized = !synchronized
            }
            return events
        }
    }

    /// What changed since the station's last run, from its last status file: the configuration's
    /// and the study definition's hashes (nothing on a first start, or when the last status did
    /// not record one).
    package static func changes(since previous: KioskStatus?, configuration: String, study: String?) -> [AuditEvent] {
        guard let previous else { return [] }
        var events: [AuditEvent] = []
        if let before = previous.configurationHash, before != configuration {
            events.append(.configurationChanged(from: ContentHash(hex: before), to: ContentHash(hex: configuration)))
        }
        if let before = previous.studyDefinitionHash, let study, before != study {
            events.append(.studyChanged(from: ContentHash(hex: before), to: ContentHash(hex: study)))
        }
        return events
    }
}
