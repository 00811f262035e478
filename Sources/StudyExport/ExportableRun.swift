import Foundation
import StudyCore

/// One finished run as the exporters read it, whoever stored it: the app's database (one
/// participant) or the study server's (every participant). Decoding happens before, so writing
/// an export cannot fail half-way.
public struct ExportableRun: Sendable, Equatable {
    /// The study identifier.
    public var studyID: String
    /// The task identifier.
    public var taskID: String
    /// The run UUID.
    public var runID: UUID
    /// How the run ended (`RunStatus`/`FinishReason` raw value: `completed`, `earlyExit`, `timedOut`, ...).
    public var status: String
    /// When the run started.
    public var startedAt: Date
    /// When the run ended.
    public var finishedAt: Date?
    /// The enriched metadata (`ObservationMetadata.json`: study, participant, task, window, app version, times).
    public var metadata: JSONValue
    /// The task result.
    public var taskResult: TaskResult
    /// The FHIR QuestionnaireResponse, for questionnaires.
    public var questionnaireResponse: JSONValue?
    /// The FHIR Observations, for tasks that are not questionnaires.
    public var observations: [JSONValue]

    /// A run from its parts.
    public init(studyID: String, taskID: String, runID: UUID, status: String, startedAt: Date, finishedAt: Date?,
                metadata: JSONValue, taskResult: TaskResult, questionnaireResponse: JSONValue? = nil, observations: [JSONValue] = []) {
        self.studyID = studyID
        self.taskID = taskID
        self.runID = runID
        self.status = status
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.metadata = metadata
        self.taskResult = taskResult
        self.questionnaireResponse = questionnaireResponse
        self.observations = observations
    }
}
