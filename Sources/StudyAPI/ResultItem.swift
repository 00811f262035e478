import Foundation
import StudyCore

/// One client-identified item of a batch (`ResultItem`): stored under (participant, id), so a
/// replay overwrites instead of duplicating.
public struct ResultItem: Codable, Sendable, Equatable {
    /// Made by the client once (the outbox id).
    public var id: UUID
    /// What it carries.
    public var kind: ResultKind
    /// The document (a JSON object).
    public var payload: JSONValue
    /// The enriched metadata (a JSON object); the server sets `participantId`.
    public var metadata: JSONValue

    /// An item.
    public init(id: UUID, kind: ResultKind, payload: JSONValue, metadata: JSONValue) {
        self.id = id
        self.kind = kind
        self.payload = payload
        self.metadata = metadata
    }
}
