import Foundation
import Hummingbird
import ServerStore
import StudyAPI
import StudyCore

extension StudyAPIServer {
    /// `POST /results`: checks every item, then upserts the batch under the authenticated participant
    /// (the metadata's `participantId` is set to theirs) and answers the ids stored.
    func storeResults(_ request: Request) async throws -> Response {
        let access = try await participant(request)
        var request = request
        let batch = try await BodyReader.decode(ResultBatch.self, from: &request, limit: limits.resultsBodyBytes)
        let items = try Self.incomingItems(batch, participantID: access.participantID)
        let date = now()
        let stored = try await storing({ () async throws(ServerStoreError) in
            try await store.storeItems(items, participantID: access.participantID, at: date)
        })
        return JSONResponse.make(ResultReceipt(stored: stored))
    }

    /// The batch's items checked and encoded (the store keeps one per id).
    static func incomingItems(_ batch: ResultBatch, participantID: String) throws -> [IncomingItem] {
        guard batch.items.count <= ResultBatch.maximumItems else {
            throw APIFailure.invalidJSON("A batch holds at most \(ResultBatch.maximumItems) items; send the rest in another.", field: "items")
        }
        return try batch.items.enumerated().map { index, item in
            try incomingItem(item, at: "items[\(index)]", participantID: participantID)
        }
    }

    /// One item checked: object payload and metadata, a run UUID and task id in the metadata, and a
    /// task result the exporters can read.
    static func incomingItem(_ item: ResultItem, at path: String, participantID: String) throws -> IncomingItem {
        guard case .object = item.payload else { throw APIFailure.invalidJSON("\(path).payload must be a JSON object.", field: "\(path).payload") }
        guard case .object(var metadata) = item.metadata else {
            throw APIFailure.invalidJSON("\(path).metadata must be a JSON object.", field: "\(path).metadata")
        }
        guard let run = metadata["taskRunUUID"]?.stringValue, UUID(uuidString: run) != nil else {
            throw APIFailure.invalidJSON("\(path).metadata.taskRunUUID must be the run's UUID.", field: "\(path).metadata.taskRunUUID")
        }
        guard let task = metadata["taskId"]?.stringValue, !task.isEmpty else {
            throw APIFailure.invalidJSON("\(path).metadata.taskId must name the task.", field: "\(path).metadata.taskId")
        }
        if item.kind == .taskResult, (try? TaskResult(json: item.payload)) == nil {
            throw APIFailure.invalidJSON("\(path).payload is not a task result (SageResearch v4 JSON).", field: "\(path).payload")
        }
        metadata["participantId"] = .string(participantID)
        return IncomingItem(id: item.id, kind: item.kind, payload: item.payload.compactJSON, metadata: JSONValue.object(metadata).compactJSON)
    }
}
