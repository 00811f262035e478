/// An admin action as the audit log records it: what staff did and counts, never answers or ids.
public enum KioskAdminRecord: Sendable, Equatable {
    /// The status screen was opened.
    case statusViewed
    /// "Sync now" ran; what it sent and what still waits.
    case syncRequested(sent: Int, pending: Int, failed: Bool)
    /// Staff ended the session in progress (its end is audited as the session's too).
    case sessionEndedByStaff
    /// The station was paused.
    case paused
    /// The station was resumed.
    case resumed
    /// A test session (not stored) began.
    case testSessionStarted
    /// A test session ended.
    case testSessionEnded
    /// The data was exported: how many results (the folder is the configuration's, not logged).
    case exported(results: Int)
    /// An export failed.
    case exportFailed
    /// Staff ended the station from the menu.
    case stationEnded
}
