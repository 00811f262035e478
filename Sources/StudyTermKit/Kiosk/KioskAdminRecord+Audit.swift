import StudyCore
import StudyTUI

extension KioskAdminRecord {
    /// The audit record's `event` name: `admin-` and the action.
    package var auditName: String {
        switch self {
        case .statusViewed: "admin-status-viewed"
        case .syncRequested: "admin-sync-requested"
        case .sessionEndedByStaff: "admin-session-ended"
        case .paused: "admin-paused"
        case .resumed: "admin-resumed"
        case .testSessionStarted: "admin-test-session-started"
        case .testSessionEnded: "admin-test-session-ended"
        case .exported: "admin-exported"
        case .exportFailed: "admin-export-failed"
        case .stationEnded: "admin-station-ended"
        }
    }

    /// The audit record's `fields`: counts only.
    package var auditFields: [String: JSONValue] {
        switch self {
        case .syncRequested(let sent, let pending, let failed):
            ["sent": .int(sent), "pending": .int(pending), "failed": .bool(failed)]
        case .exported(let results):
            ["results": .int(results)]
        case .statusViewed, .sessionEndedByStaff, .paused, .resumed, .testSessionStarted, .testSessionEnded, .exportFailed,
             .stationEnded:
            [:]
        }
    }
}
