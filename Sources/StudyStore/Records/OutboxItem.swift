import Foundation
import GRDB
import StudyCore

/// Something a server has not yet accepted (table `outbox`). Its id is made here, once, so a resend
/// carries the same id and the server can ignore the duplicate.
public struct OutboxItem: Codable, Sendable, Equatable, Identifiable {
    /// What an item carries.
    public enum Kind: String, Codable, Sendable, Equatable, CaseIterable, DatabaseValueConvertible {
        /// A task result (`TaskResult.json`).
        case taskResult
        /// A FHIR QuestionnaireResponse.
        case questionnaireResponse
        /// A FHIR Observation (tasks that are not questionnaires).
        case observation
        /// The participant left the study.
        case withdrawal
    }

    /// The client-made id (the server's idempotency key, MORE's `dataId`).
    public var id: UUID
    /// The run it comes from; nil for a withdrawal.
    public var runID: UUID?
    /// What it carries.
    public var kind: Kind
    /// The document to send, as compact JSON text.
    public var payload: String
    /// The enriched metadata (study, participant, task, window, run, app version, times) as JSON text.
    public var metadata: String
    /// When it was enqueued.
    public var createdAt: Date
    /// How many sends were tried and failed.
    public var attempts: Int
    /// The last failure, for display.
    public var lastError: String?
    /// When the last send was tried.
    public var lastAttemptAt: Date?
    /// Not to be sent again before this time (backoff); nil means now.
    public var nextAttemptAt: Date?
    /// When a server accepted it; nil while pending.
    public var acceptedAt: Date?
    /// When the server refused it for good (4xx); a parked item is not sent again by itself.
    public var parkedAt: Date?
    /// The server's reason for refusing it.
    public var parkedReason: String?
    /// The enrollment (participant) it belongs to; nil only for items of a study no one enrolled in.
    public var enrollmentID: Int64?

    /// A new pending item.
    public init(id: UUID = UUID(), runID: UUID?, kind: Kind, payload: JSONValue, metadata: JSONValue, createdAt: Date,
                enrollmentID: Int64? = nil) {
        self.id = id
        self.runID = runID
        self.kind = kind
        self.payload = payload.compactJSON
        self.metadata = metadata.compactJSON
        self.createdAt = createdAt
        self.attempts = 0
        self.enrollmentID = enrollmentID
    }

    /// The payload, read back.
    public func payloadJSON() throws(StoreError) -> JSONValue {
        try StoredJSON.parse(payload, what: "outbox item \(id.uuidString)")
    }

    /// The participant it belongs to (the metadata's `participantId`), if it says.
    public var participantID: String? {
        guard case .object(let object)? = try? metadataJSON() else { return nil }
        return object["participantId"]?.stringValue
    }

    /// The metadata, read back.
    public func metadataJSON() throws(StoreError) -> JSONValue {
        try StoredJSON.parse(metadata, what: "metadata of outbox item \(id.uuidString)")
    }
}

extension OutboxItem: FetchableRecord, PersistableRecord {
    /// The table name.
    public static let databaseTableName = "outbox"
    /// UUIDs are stored as upper-case text.
    public static func databaseUUIDEncodingStrategy(for column: String) -> DatabaseUUIDEncodingStrategy { .uppercaseString }
}
