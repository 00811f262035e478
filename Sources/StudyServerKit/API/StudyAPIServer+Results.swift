import Foundation
import Hummingbird
import ServerStore
import StudyAPI
import StudyCore

extension StudyAPIServer {
    /// `POST /results`: checks every item, then stores the batch under the authenticated participant
    /// (the metadata's `participantId` is set to theirs), first write wins, and answers the ids
    /// stored; 409 naming the first item that would rewrite a stored item or use another
    /// participant's run UUID (nothing of that batch is stored).
    func storeResults(_ request: Request) async throws -> Response {
        let access = try await participant(request)
        var request = request
        let batch = try await BodyReader.resultBatch(from: &request, limit: limits.resultsBodyBytes)
        let items = try Self.incomingItems(batch, participantID: access.participantID)
        let date = now()
        let outcome = try await storing({ () async throws(ServerStoreError) in
            try await store.storeItems(items, participantID: access.participantID, at: date)
        })
        switch outcome {
        case .stored(let ids):
            return JSONResponse.make(ResultReceipt(stored: ids))
        case .refused(let index, .changedContent):
            throw APIFailure(status: .conflict, body: APIError(.conflict,
                "items[\(index)] has the id of an item already stored with other content; a stored item is never rewritten (send a correction as a new item).",
                field: "items[\(index)].id"))
        case .refused(let index, .runOfAnotherParticipant):
            throw APIFailure(status: .conflict, body: APIError(.conflict,
                "items[\(index)].metadata.taskRunUUID is a run another participant stored results under; a run belongs to one participant.",
                field: "items[\(index)].metadata.taskRunUUID"))
        }
    }

    /// The batch's items checked and encoded.
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
        guard let runText = metadata["taskRunUUID"]?.stringValue, let run = UUID(uuidString: runText) else {
            throw APIFailure.invalidJSON("\(path).metadata.taskRunUUID must be the run's UUID.", field: "\(path).metadata.taskRunUUID")
        }
        guard let task = metadata["taskId"]?.stringValue, !task.isEmpty else {
            throw APIFailure.invalidJSON("\(path).metadata.taskId must name the task.", field: "\(path).metadata.taskId")
        }
        if item.kind == .taskResult {
            guard let result = try? TaskResult(json: item.payload) else {
                throw APIFailure.invalidJSON("\(path).payload is not a task result (SageResearch v4 JSON).", field: "\(path).payload")
            }
            guard result.taskRunUUID == run else {
                throw APIFailure.invalidJSON("\(path).payload.taskRunUUID must be the metadata's taskRunUUID.", field: "\(path).payload.taskRunUUID")
            }
        }
        metadata["participantId"] = .string(participantID)
        return IncomingItem(id: item.id, kind: item.kind, runID: run, payload: item.payload.compactJSON,
                            metadata: JSONValue.object(metadata).compactJSON)
    }
}
