import Foundation

/// A finished run with its stored result, for export.
public struct StoredResult: Sendable, Equatable {
    /// The run.
    public var run: TaskRunRecord
    /// Its result, QuestionnaireResponse and metadata.
    public var result: ResultRecord

    /// Pairs a run with its result.
    public init(run: TaskRunRecord, result: ResultRecord) {
        self.run = run
        self.result = result
    }
}
