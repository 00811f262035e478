import Foundation

/// What checking a PIN typed at the station's admin prompt found (``KioskServices/checkAdminPIN``).
public enum KioskAdminCheck: Sendable, Equatable {
    /// The right PIN: the admin menu opens (audited as a success).
    case accepted
    /// A wrong PIN (audited as a failure); it locked the prompt for this many seconds (0: none).
    case refused(lockedSeconds: Int)
    /// The prompt is locked for this many more seconds; the PIN was not checked and does not count.
    case locked(remainingSeconds: Int)
    /// No PIN can be checked (no PIN file, or one that cannot be read); the reason, for staff.
    case unavailable(String)
}
