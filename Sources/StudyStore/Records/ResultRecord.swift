import Foundation
import GRDB
import StudyCore

/// The stored result of a finished run (table `result`).
public struct ResultRecord: Codable, Sendable, Equatable {
    /// The run it belongs to.
    public var runID: UUID
    /// The task result as compact JSON text (`TaskResult.json`).
    public var taskResult: String
    /// The FHIR QuestionnaireResponse as compact JSON text, for questionnaires.
    public var questionnaireResponse: String?
    /// The FHIR Observations as a compact JSON array, for tasks that are not questionnaires.
    public var observations: String?
    /// The enriched observation metadata as compact JSON text (`ObservationMetadata.json`).
    public var metadata: String
    /// When it was stored.
    public var storedAt: Date
    /// The enrollment (participant) it belongs to; nil only for rows of a study no one enrolled in.
    public var enrollmentID: Int64?

    /// A record from the values.
    public init(runID: UUID, taskResult: JSONValue, questionnaireResponse: JSONValue?, observations: [JSONValue] = [],
                metadata: JSONValue, storedAt: Date, enrollmentID: Int64? = nil) {
        self.runID = runID
        self.taskResult = taskResult.compactJSON
        self.questionnaireResponse = questionnaireResponse?.compactJSON
        self.observations = observations.isEmpty ? nil : JSONValue.array(observations).compactJSON
        self.metadata = metadata.compactJSON
        self.storedAt = storedAt
        self.enrollmentID = enrollmentID
    }

    /// The task result, read back.
    public func decodedTaskResult() throws(StoreError) -> TaskResult {
        let json = try StoredJSON.parse(taskResult, what: "task result of run \(runID.uuidString)")
        do {
            return try TaskResult(json: json)
        } catch {
            throw .unreadableStoredData(what: "task result of run \(runID.uuidString)", detail: error.description)
        }
    }

    /// The QuestionnaireResponse, read back.
    public func decodedQuestionnaireResponse() throws(StoreError) -> JSONValue? {
        guard let questionnaireResponse else { return nil }
        return try StoredJSON.parse(questionnaireResponse, what: "QuestionnaireResponse of run \(runID.uuidString)")
    }

    /// The Observations, read back (empty when there are none).
    public func decodedObservations() throws(StoreError) -> [JSONValue] {
        guard let observations else { return [] }
        return try StoredJSON.parse(observations, what: "Observations of run \(runID.uuidString)").arrayValue ?? []
    }

    /// The metadata, read back.
    public func decodedMetadata() throws(StoreError) -> JSONValue {
        try StoredJSON.parse(metadata, what: "metadata of run \(runID.uuidString)")
    }
}

extension ResultRecord: FetchableRecord, PersistableRecord {
    /// The table name.
    public static let databaseTableName = "result"
    /// UUIDs are stored as upper-case text.
    public static func databaseUUIDEncodingStrategy(for column: String) -> DatabaseUUIDEncodingStrategy { .uppercaseString }
}
