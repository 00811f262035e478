import Foundation

/// `POST /registration`: the consent and the device (`RegistrationRequest`).
public struct RegistrationRequest: Codable, Sendable, Equatable {
    /// What was agreed to.
    public var consent: ConsentGiven
    /// The device or station, as the app names it (no personal data).
    public var device: String

    /// A request.
    public init(consent: ConsentGiven, device: String) {
        self.consent = consent
        self.device = device
    }
}
