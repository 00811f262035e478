import Foundation
import Hummingbird
import Logging
import NIOHTTP1

/// One log line per request: method, route template, status and milliseconds. Never the
/// query, headers, body, token, credentials or participant: nothing a participant typed.
/// Failures that are not refusals are logged by their kind and turned into a JSON 500.
struct AccessLogMiddleware: RouterMiddleware {
    /// Where lines go.
    let logger: Logger

    /// Logs around the request.
    func handle(_ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let status: HTTPResponse.Status
        defer {
            let ms = (ContinuousClock.now - start).components.attoseconds / 1_000_000_000_000_000
                + (ContinuousClock.now - start).components.seconds * 1000
            logger.info("\(request.method) \(context.endpointPath ?? "(no route)") \(status.code) \(ms) ms")
        }
        do {
            let response = try await next(request, context)
            status = response.status
            return response
        } catch let failure as StoreFailure {
            status = failure.status
            logger.error("database: \(failure.error.description)")
            throw failure
        } catch let error as HTTPResponseError {
            status = error.status
            throw error
        } catch let error as HTTPParserError {
            // A request HTTP cannot read is the client's fault, wherever it surfaces: never a 500.
            status = .badRequest
            throw APIFailure.malformedFraming(error)
        } catch {
            status = .internalServerError
            logger.error("internal error: \(String(describing: type(of: error)))")
            throw APIFailure(status: .internalServerError, body: .init(.internalError, "The server failed; the study team can find the cause in its log."))
        }
    }
}
