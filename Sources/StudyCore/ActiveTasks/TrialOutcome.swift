/// How one timed trial ended.
public enum TrialOutcome: String, Sendable, Equatable, Codable, CaseIterable {
    /// A key came after the stimulus and before the timeout.
    case response
    /// A key came before the stimulus was on screen.
    case anticipation
    /// No key came before the timeout.
    case timeout
}
