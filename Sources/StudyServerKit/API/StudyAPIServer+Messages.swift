import Foundation
import Hummingbird
import ServerStore
import StudyAPI

extension StudyAPIServer {
    /// `GET /messages`: the participant's messages not yet acknowledged.
    func messages(_ request: Request) async throws -> Response {
        let access = try await participant(request)
        let records = try await storing({ () async throws(ServerStoreError) in
            try await store.unacknowledgedMessages(participantID: access.participantID)
        })
        return JSONResponse.make(MessageList(messages: records.map { InboxMessage(id: $0.id, text: $0.text, sentAt: $0.sentAt) }))
    }

    /// `PUT /messages/{messageId}/acknowledgement`: 204, again too; 404 for another participant's or an unknown message.
    func acknowledge(_ request: Request, _ context: ServerContext) async throws -> Response {
        let access = try await participant(request)
        guard let text = context.parameters.get("messageId"), let id = UUID(uuidString: text) else {
            throw APIFailure.badRequest("The message id must be a UUID.")
        }
        let date = now()
        guard try await storing({ () async throws(ServerStoreError) in
            try await store.acknowledgeMessage(id, participantID: access.participantID, at: date)
        }) else { throw APIFailure.notFound("No such message for this participant.") }
        return Response(status: .noContent)
    }
}
