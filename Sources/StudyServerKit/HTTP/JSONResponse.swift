import Foundation
import Hummingbird
import StudyAPI

/// Responses with JSON bodies encoded by ``APICoding``.
enum JSONResponse {
    /// `value` as the body, with `status`.
    static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        let data = (try? APICoding.encoder().encode(value)) ?? Data("{\"error\":\"internal\",\"message\":\"The answer could not be encoded.\"}".utf8)
        return make(data: data, status: status)
    }

    /// Already encoded JSON as the body.
    static func make(data: Data, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json; charset=utf-8"],
                 body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
