import Foundation
import StudyCore

/// Everything a finished run hands to the store, stored together or not at all.
public struct FinishedRun: Sendable, Equatable {
    /// The run's result; its `taskRunUUID` names the run, its `finishReason` the outcome (nil means completed).
    public var result: TaskResult
    /// The FHIR QuestionnaireResponse, for questionnaires.
    public var questionnaireResponse: JSONValue?
    /// FHIR Observations, for tasks that are not questionnaires.
    public var observations: [JSONValue]
    /// When the run ended.
    public var finishedAt: Date

    /// A finished run with its documents.
    public init(result: TaskResult, questionnaireResponse: JSONValue? = nil, observations: [JSONValue] = [], finishedAt: Date) {
        self.result = result
        self.questionnaireResponse = questionnaireResponse
        self.observations = observations
        self.finishedAt = finishedAt
    }
}

/// What finishing a run stored.
public struct FinishReceipt: Sendable, Equatable {
    /// The run as it now stands.
    public var run: TaskRunRecord
    /// The metadata added to the result and to every outbox item.
    public var metadata: ObservationMetadata
    /// The items now waiting for a server, task result first.
    public var outboxItems: [OutboxItem]
}
