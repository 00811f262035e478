import Foundation
import StudyAPI

/// One participant this computer sends for: their server and credentials as stored.
public struct SendingAccount: Sendable, Equatable {
    /// The server's base URL as stored (checked again before use).
    public var baseURL: String
    /// The credentials the server gave.
    public var credentials: ParticipantCredentials

    /// An account.
    public init(baseURL: String, credentials: ParticipantCredentials) {
        self.baseURL = baseURL
        self.credentials = credentials
    }
}
