import Foundation

/// A statement the participant acknowledges with the consent (`Notice`).
public struct APINotice: Codable, Sendable, Equatable {
    /// Its identifier.
    public var identifier: String
    /// Its text.
    public var text: String

    /// A notice.
    public init(identifier: String, text: String) {
        self.identifier = identifier
        self.text = text
    }
}
