import Foundation

/// Who receives a message from the study team.
public enum MessageAudience: Sendable, Equatable {
    /// One participant (withdrawn or not).
    case participant(String)
    /// Every participant who has not withdrawn.
    case everyone
}
