import Foundation
import StudyCore
import StudyStore

/// A station's `retention.maxDays`, applied at the start and after every session's end: kiosk
/// results stored more than that many days ago leave the data folder, sent or not. Failures are
/// left for the next time (the participant never sees them).
package enum StationRetention {
    /// Deletes what `retention` says is too old at `now`; returns how many results went.
    @discardableResult
    package static func sweep(_ store: StudyStore, retention: KioskRetention, now: Date) -> Int {
        guard let days = retention.maxDays else { return 0 }
        return (try? store.deleteKioskResults(storedBefore: now.addingTimeInterval(-Double(days) * 86_400))) ?? 0
    }
}
