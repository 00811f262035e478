import Foundation
import Hummingbird
import Logging
import ServerStore
import StudyAPI

/// The study API's routes over one store (see `Sources/StudyAPI/openapi.json`). Holds no state
/// of its own but the registration rate limiter, so several processes can share a database.
public struct StudyAPIServer: Sendable {
    /// The store.
    let store: any ServerStorage
    /// The limits.
    let limits: ServerLimits
    /// The clock (tests give a fixed one).
    let now: @Sendable () -> Date
    let limiter: RegistrationRateLimiter

    /// A server over `store`.
    public init(store: any ServerStorage, limits: ServerLimits = ServerLimits(), now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.limits = limits
        self.now = now
        limiter = RegistrationRateLimiter(burst: limits.registrationBurst, perMinute: limits.registrationsPerMinute)
    }

    /// The router with every route and the middleware (access log, failures as JSON).
    public func router(logger: Logger) -> Router<ServerContext> {
        let router = Router(context: ServerContext.self)
        router.add(middleware: AccessLogMiddleware(logger: logger))
        router.get(RouterPath(APIRoute.health)) { _, _ in try await self.health() }
        router.get(RouterPath(APIRoute.registration)) { request, context in try await self.registrationInfo(request, context) }
        router.post(RouterPath(APIRoute.registration)) { request, context in try await self.register(request, context) }
        router.delete(RouterPath(APIRoute.registration)) { request, _ in try await self.withdraw(request) }
        router.get(RouterPath(APIRoute.study)) { request, _ in try await self.study(request) }
        router.post(RouterPath(APIRoute.results)) { request, _ in try await self.storeResults(request) }
        router.get(RouterPath(APIRoute.messages)) { request, _ in try await self.messages(request) }
        router.put(RouterPath("/messages/:messageId/acknowledgement")) { request, context in try await self.acknowledge(request, context) }
        return router
    }

    /// `GET /health`.
    func health() async throws -> Response {
        do { try await store.ping() } catch { throw APIFailure.unavailable }
        return JSONResponse.make(HealthStatus())
    }

    /// Runs a store call; its failure becomes 503 (the database) and is logged without values by the middleware.
    func storing<T>(_ body: () async throws(ServerStoreError) -> T) async throws -> T {
        do { return try await body() } catch {
            throw StoreFailure(error: error)
        }
    }
}

/// A store failure on its way to a 503: the access log writes its description (which never holds values).
struct StoreFailure: HTTPResponseError {
    /// The store's error.
    let error: ServerStoreError
    /// 503.
    var status: HTTPResponse.Status { .serviceUnavailable }

    /// The 503 body.
    func response(from request: Request, context: some RequestContext) throws -> Response {
        try APIFailure.unavailable.response(from: request, context: context)
    }
}
