import Foundation
import StudyCore

/// Makes the random values the server hands out, from the system's cryptographic generator:
/// registration tokens, participant ids and API keys.
struct CredentialMaker<Generator: RandomNumberGenerator> {
    /// Characters of a token's value (the app's alphabet: no look-alikes).
    static var tokenLength: Int { 10 }
    /// The random source (`SystemRandomNumberGenerator` outside tests).
    var generator: Generator

    /// A token as printed for staff: `ABCDE-FGHKL` (the app ignores the dash).
    mutating func token() -> String {
        let value = characters(Self.tokenLength)
        return String(value.prefix(5)) + "-" + String(value.dropFirst(5))
    }

    /// A participant id: `P-` and eight token characters.
    mutating func participantID() -> String { "P-" + characters(8) }

    /// An API key: 32 random bytes, base64url without padding (43 characters).
    mutating func apiKey() -> String {
        var bytes = [UInt8](repeating: 0, count: 32)
        for i in bytes.indices { bytes[i] = UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// `count` characters drawn uniformly from the token alphabet.
    private mutating func characters(_ count: Int) -> String {
        let alphabet = Array(RegistrationToken.alphabet)
        return String((0..<count).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }
}

extension CredentialMaker where Generator == SystemRandomNumberGenerator {
    /// A maker over the system's cryptographic generator.
    init() { self.init(generator: SystemRandomNumberGenerator()) }
}

/// Which participant ids the server could have made: anything else is refused before the database.
enum ParticipantIDFormat {
    /// True for `P-` and eight token characters.
    static func isValid(_ id: String) -> Bool {
        id.count == 10 && id.hasPrefix("P-") && id.dropFirst(2).allSatisfy { RegistrationToken.alphabet.contains($0) }
    }
}
