import Foundation
import StudyAPI

/// A result item to store, its documents already encoded as compact JSON.
public struct IncomingItem: Sendable, Equatable {
    /// The client-made id.
    public var id: UUID
    /// What it carries.
    public var kind: ResultKind
    /// The run it belongs to (the metadata's `taskRunUUID`).
    public var runID: UUID
    /// The document, compact JSON.
    public var payload: String
    /// The metadata (with the server's `participantId`), compact JSON.
    public var metadata: String

    /// An item.
    public init(id: UUID, kind: ResultKind, runID: UUID, payload: String, metadata: String) {
        self.id = id
        self.kind = kind
        self.runID = runID
        self.payload = payload
        self.metadata = metadata
    }
}

extension Array where Element == IncomingItem {
    /// One item per id with its index in the batch, the first occurrence's; a later occurrence
    /// with other content is refused (first write wins within a batch too).
    func firstOfEachID() throws(ItemRefusal) -> [(index: Int, item: IncomingItem)] {
        var byID: [UUID: IncomingItem] = [:]
        var out: [(index: Int, item: IncomingItem)] = []
        for (index, item) in enumerated() {
            if let first = byID[item.id] {
                guard first == item else { throw ItemRefusal(index: index, conflict: .changedContent) }
                continue
            }
            byID[item.id] = item
            out.append((index, item))
        }
        return out
    }
}
