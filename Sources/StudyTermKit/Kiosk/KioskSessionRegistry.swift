import Foundation
import StudyStore

/// The store views of the station's open sessions, by session id, under a lock: a session's tasks
/// start through the enrollment it was begun with, and its end forgets it.
package final class KioskSessionRegistry: @unchecked Sendable {
    private let lock = NSLock()
    private var open: [UUID: ParticipantStore] = [:]
    private var hashes: [UUID: ParticipantHash] = [:]

    /// An empty registry.
    package init() {}

    /// Remembers session `id`'s view, and the salted hash of its participant's identifier (the
    /// only form of it the audit log may carry).
    package func add(_ id: UUID, _ participant: ParticipantStore, hash: ParticipantHash? = nil) {
        lock.withLock { (open[id], hashes[id]) = (participant, hash) }
    }

    /// The salted hash of session `id`'s participant identifier, while it is open (nil: anonymous).
    package func hash(_ id: UUID) -> ParticipantHash? { lock.withLock { hashes[id] } }

    /// Session `id`'s view, while it is open.
    package func participant(_ id: UUID) -> ParticipantStore? { lock.withLock { open[id] } }

    /// Forgets session `id`.
    package func remove(_ id: UUID) { lock.withLock { (open[id], hashes[id]) = (nil, nil) } }
}
