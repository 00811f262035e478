import Foundation
import Hummingbird
import ServerStore

extension StudyAPIServer {
    /// `GET /study`: the document in force with its ETag; 304 when `If-None-Match` names it.
    func study(_ request: Request) async throws -> Response {
        _ = try await participant(request)
        guard let study = try await storing({ () async throws(ServerStoreError) in try await store.currentStudy() }) else {
            throw APIFailure.unavailable
        }
        if let tags = request.headers[.ifNoneMatch], Self.matches(tags, etag: study.etag) {
            return Response(status: .notModified, headers: [.eTag: study.etag])
        }
        var response = JSONResponse.make(data: study.document)
        response.headers[.eTag] = study.etag
        return response
    }

    /// True when an `If-None-Match` value names `etag` (weak or strong) or is `*`.
    static func matches(_ header: String, etag: String) -> Bool {
        header.split(separator: ",").contains { part in
            var tag = part.trimmingCharacters(in: .whitespaces)
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == etag
        }
    }
}
