import Foundation

/// The consent a participant agreed to, as `POST /registration` carries it (`ConsentGiven`).
public struct ConsentGiven: Codable, Sendable, Equatable {
    /// The consent document's version shown.
    public var version: String
    /// The SHA-256 of the exact text shown (`ConsentText.textShown`).
    public var textSHA256: String
    /// When the participant agreed, by the device's clock.
    public var agreedAt: Date?

    /// An agreement.
    public init(version: String, textSHA256: String, agreedAt: Date? = nil) {
        self.version = version
        self.textSHA256 = textSHA256
        self.agreedAt = agreedAt
    }
}
