import StudyCore

/// The QuestionnaireResponse status codes.
public enum ResponseStatus: String, Sendable, Equatable, CaseIterable {
    case inProgress = "in-progress", completed, amended, enteredInError = "entered-in-error", stopped

    /// The status for how a run ended: completed → completed; saved or still running → in-progress;
    /// discarded, early exit or failed → stopped.
    public init(finishReason: FinishReason?) {
        switch finishReason {
        case .completed?: self = .completed
        case .saved?, nil: self = .inProgress
        case .discarded?, .earlyExit?, .failed?: self = .stopped
        }
    }
}
