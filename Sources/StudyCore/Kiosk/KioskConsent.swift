/// Whether a station shows the study's consent in each session (`consent` in `station.json`).
public enum KioskConsent: String, Sendable, Equatable, CaseIterable {
    /// No consent screen: staff collect consent outside the station (on paper, say). The default.
    case none
    /// The study's consent after identification and before the first task, in every session;
    /// agreeing is stored under the session's enrollment with the chosen language, declining ends
    /// the session with no task run.
    case eachSession = "each-session"
}
