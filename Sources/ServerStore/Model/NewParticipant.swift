import Foundation

/// A registration to store: the participant, their consent and device, and the token it redeems.
public struct NewParticipant: Sendable, Equatable {
    /// The new participant's id.
    public var id: String
    /// The SHA-256 of their API key.
    public var keySHA256: String
    /// The SHA-256 of the registration token redeemed.
    public var tokenSHA256: String
    /// The study version in force at registration.
    public var studyVersion: String
    /// The consent document's version agreed to.
    public var consentVersion: String
    /// The SHA-256 of the exact consent text agreed to.
    public var consentSHA256: String
    /// When the participant agreed, by the device's clock.
    public var consentAgreedAt: Date?
    /// The device, as the app names it.
    public var device: String
    /// When the server registered them.
    public var registeredAt: Date

    /// A registration.
    public init(id: String, keySHA256: String, tokenSHA256: String, studyVersion: String, consentVersion: String,
                consentSHA256: String, consentAgreedAt: Date?, device: String, registeredAt: Date) {
        self.id = id
        self.keySHA256 = keySHA256
        self.tokenSHA256 = tokenSHA256
        self.studyVersion = studyVersion
        self.consentVersion = consentVersion
        self.consentSHA256 = consentSHA256
        self.consentAgreedAt = consentAgreedAt
        self.device = device
        self.registeredAt = registeredAt
    }
}
