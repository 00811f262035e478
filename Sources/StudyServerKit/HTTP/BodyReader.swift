import Foundation
import Hummingbird
import NIOCore
import NIOHTTP1
import StudyAPI
import StudyCore

/// Reads a JSON request body within a size limit, and decodes it into a wire type; every
/// refusal names what is wrong (413, 415, or 400 with the field's path).
enum BodyReader {
    /// The decoded body of `request`, at most `limit` bytes.
    static func decode<T: Decodable>(_ type: T.Type, from request: inout Request, limit: Int) async throws -> T {
        try decode(type, from: try await body(of: &request, limit: limit))
    }

    /// A `POST /results` body: read from the parsed JSON when every item has the expected shape
    /// (JSONDecoder's generic path cost a quarter of the server's time per batch), else through
    /// ``decode(_:from:)``, whose refusal names the field.
    static func resultBatch(from request: inout Request, limit: Int) async throws -> ResultBatch {
        let data = try await body(of: &request, limit: limit)
        if let parsed = try? JSONParser.parse(data), let batch = ResultBatch(parsed: parsed) { return batch }
        return try decode(ResultBatch.self, from: data)
    }

    /// The bytes of `request`'s JSON body, at most `limit`.
    static func body(of request: inout Request, limit: Int) async throws -> Data {
        if let contentType = request.headers[.contentType], !contentType.lowercased().hasPrefix("application/json") {
            throw APIFailure(status: .unsupportedMediaType, body: APIError(.unsupportedMediaType, "Send the body as application/json."))
        }
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw APIFailure(status: .contentTooLarge, body: APIError(.tooLarge, "The body is larger than \(limit) bytes."))
        } catch let error as HTTPParserError {
            throw APIFailure.malformedFraming(error)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw APIFailure.bodyCutShort
        }
        return Data(buffer.readableBytesView)
    }

    /// `data` decoded as `type`: syntax errors give the line and column, schema errors the field.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        if data.isEmpty { throw APIFailure.invalidJSON("The body is empty; expected a JSON object.", field: nil) }
        do {
            _ = try JSONParser.parse(data)
        } catch {
            throw APIFailure.invalidJSON("The body is not valid JSON (line \(error.line), column \(error.column): \(error.reason)).", field: nil)
        }
        do {
            return try APICoding.decoder().decode(type, from: data)
        } catch let error as DecodingError {
            let failure = DecodingFailure(error)
            throw APIFailure.invalidJSON(failure.message, field: failure.field)
        }
    }
}
