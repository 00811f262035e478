import Foundation

/// The limits a server enforces on every request.
public struct ServerLimits: Sendable, Equatable {
    /// The largest `POST /results` body, in bytes.
    public var resultsBodyBytes: Int
    /// The largest other body, in bytes.
    public var smallBodyBytes: Int
    /// Registration attempts (`GET`/`POST /registration`) one address may make at once.
    public var registrationBurst: Int
    /// Registration attempts regained per minute.
    public var registrationsPerMinute: Int
    /// Take the client's address from the last `X-Forwarded-For` entry (behind a reverse proxy).
    public var trustForwardedFor: Bool

    /// The defaults: 8 MiB of results, 64 KiB otherwise, 10 registration attempts then 10 a minute.
    public init(resultsBodyBytes: Int = 8 << 20, smallBodyBytes: Int = 64 << 10, registrationBurst: Int = 10,
                registrationsPerMinute: Int = 10, trustForwardedFor: Bool = false) {
        self.resultsBodyBytes = resultsBodyBytes
        self.smallBodyBytes = smallBodyBytes
        self.registrationBurst = registrationBurst
        self.registrationsPerMinute = registrationsPerMinute
        self.trustForwardedFor = trustForwardedFor
    }
}
