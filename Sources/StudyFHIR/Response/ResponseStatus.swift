import StudyCore

/// The QuestionnaireResponse status codes.
public enum ResponseStatus: String, Sendable, Equatable, CaseIterable {
    case inProgress = "in-progress", completed, amended, enteredInError = "entered-in-error", stopped

    /// The status for how a run ended: completed → completed; saved or still running → in-progress;
    /// discarded, early exit, failed or timed out → stopped. A run stopped by inactivity is an
    /// abandoned form (R4: `stopped`, "partially filled out with answers but has been abandoned"),
    /// not one still being answered (`in-progress`, "changes or additions are still expected"):
    /// nobody resumes it.
    public init(finishReason: FinishReason?) {
        switch finishReason {
        case .completed?: self = .completed
        case .saved?, nil: self = .inProgress
        case .discarded?, .earlyExit?, .failed?, .timedOut?: self = .stopped
        }
    }
}
