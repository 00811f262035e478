import Foundation
import StudyStore

/// The store views of the station's open sessions, by session id, under a lock: a session's tasks
/// start through the enrollment it was begun with, and its end forgets it.
package final class KioskSessionRegistry: @unchecked Sendable {
    private let lock = NSLock()
    private var open: [UUID: ParticipantStore] = [:]

    /// An empty registry.
    package init() {}

    /// Remembers session `id`'s view.
    package func add(_ id: UUID, _ participant: ParticipantStore) { lock.withLock { open[id] = participant } }

    /// Session `id`'s view, while it is open.
    package func participant(_ id: UUID) -> ParticipantStore? { lock.withLock { open[id] } }

    /// Forgets session `id`.
    package func remove(_ id: UUID) { lock.withLock { _ = open.removeValue(forKey: id) } }
}
