import Foundation
import StudyAPI

/// A result item to store, its documents already encoded as compact JSON.
public struct IncomingItem: Sendable, Equatable {
    /// The client-made id.
    public var id: UUID
    /// What it carries.
    public var kind: ResultKind
    /// The document, compact JSON.
    public var payload: String
    /// The metadata (with the server's `participantId`), compact JSON.
    public var metadata: String

    /// An item.
    public init(id: UUID, kind: ResultKind, payload: String, metadata: String) {
        self.id = id
        self.kind = kind
        self.payload = payload
        self.metadata = metadata
    }
}

extension Array where Element == IncomingItem {
    /// One item per id, the last occurrence's value at the first occurrence's place (a batch may
    /// repeat an id; an upsert must touch each row once).
    public func lastOfEachID() -> [IncomingItem] {
        var order: [UUID] = []
        var byID: [UUID: IncomingItem] = [:]
        for item in self where byID.updateValue(item, forKey: item.id) == nil { order.append(item.id) }
        return order.map { byID[$0]! }
    }
}
