import Foundation
import StudyAPI

/// Where the participant's server credentials are kept (the app's database, 0600): saved the
/// moment the server answers them, read by participant id. Never written to a log.
public struct CredentialStore: Sendable {
    /// Keeps the credentials the server at `address` gave.
    public var save: @Sendable (_ address: ServerAddress, _ credentials: ParticipantCredentials) throws -> Void
    /// The credentials of a participant, with their server's address, if this computer has them.
    public var load: @Sendable (_ participantID: String) throws -> (address: String, credentials: ParticipantCredentials)?

    /// A store from its two closures.
    public init(save: @escaping @Sendable (ServerAddress, ParticipantCredentials) throws -> Void,
                load: @escaping @Sendable (String) throws -> (address: String, credentials: ParticipantCredentials)?) {
        self.save = save
        self.load = load
    }
}
