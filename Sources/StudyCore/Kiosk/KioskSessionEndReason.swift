/// How a kiosk session ended; every session ends exactly once, with one of these.
public enum KioskSessionEndReason: String, Sendable, Equatable, Codable, CaseIterable {
    /// The participant finished the session plan.
    case completed
    /// Nobody pressed a key before the idle timeout ran out.
    case timedOut = "timed-out"
    /// Staff ended it from the admin menu.
    case endedByStaff = "ended-by-staff"
    /// A signal, a crash or a power loss stopped it; it is finalized at the next start.
    case interrupted
}
