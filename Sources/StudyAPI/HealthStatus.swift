import Foundation

/// `GET /health`: the server runs and its database answers.
public struct HealthStatus: Codable, Sendable, Equatable {
    /// Always `ok` (a failing database answers 503 with an ``APIError``).
    public var status: String

    /// The healthy status.
    public init() { status = "ok" }
}
