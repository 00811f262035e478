import Foundation

/// A finished run with its stored result, for export.
public struct StoredResult: Sendable, Equatable {
    /// The run.
    public var run: TaskRunRecord
    /// Its result, QuestionnaireResponse and metadata.
    public var result: ResultRecord
    /// The participant identifier of the run's enrollment (exported when the metadata names none:
    /// results stored before every enrollment had one).
    public var participantID: String?

    /// Pairs a run with its result.
    public init(run: TaskRunRecord, result: ResultRecord, participantID: String? = nil) {
        self.run = run
        self.result = result
        self.participantID = participantID
    }
}
