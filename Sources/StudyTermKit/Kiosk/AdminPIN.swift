import Crypto
import _CryptoExtras
import Foundation

/// The station's admin PIN as its file keeps it: a PBKDF2-HMAC-SHA256 key derived from the PIN
/// with a random salt, never the PIN. `studyterm kiosk set-pin` writes it (mode 0600); the
/// admin prompt checks a PIN against it in constant time.
package struct AdminPIN: Sendable, Equatable, Codable {
    /// The key-derivation function's name in the file.
    package static let algorithm = "PBKDF2-HMAC-SHA256"
    /// Rounds for a new PIN: OWASP's 2023 figure for PBKDF2-HMAC-SHA256 (about half a second here).
    package static let defaultRounds = 600_000
    /// The shortest and longest PIN accepted.
    package static let lengths = 6...16

    /// Always `algorithm`.
    package var algorithm: String
    /// PBKDF2 rounds.
    package var rounds: Int
    /// The random salt, base64.
    package var salt: String
    /// The derived key, base64 (32 bytes).
    package var key: String

    /// Why a PIN is not accepted as a new PIN.
    package enum Refusal: Error, Equatable, CustomStringConvertible {
        /// Not 6 to 16 digits.
        case notDigits
        package var description: String { "a PIN is \(AdminPIN.lengths.lowerBound) to \(AdminPIN.lengths.upperBound) digits" }
    }

    /// Derives the stored form of a new `pin` (digits only) with a fresh salt.
    package init(pin: String, rounds: Int = defaultRounds) throws {
        guard Self.lengths.contains(pin.count), pin.allSatisfy(\.isASCII), pin.allSatisfy(\.isNumber) else { throw Refusal.notDigits }
        let salt = SymmetricKey(size: .bits128).withUnsafeBytes { Data($0) }
        algorithm = Self.algorithm
        self.rounds = rounds
        self.salt = salt.base64EncodedString()
        key = try Self.derive(pin, salt: salt, rounds: rounds).base64EncodedString()
    }

    /// Whether `pin` is the PIN this was derived from (the keys are compared in constant time).
    package func matches(_ pin: String) -> Bool {
        guard algorithm == Self.algorithm, let salt = Data(base64Encoded: salt), let expected = Data(base64Encoded: key),
              let derived = try? Self.derive(pin, salt: salt, rounds: rounds) else { return false }
        return derived.count == expected.count && zip(derived, expected).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// The 32-byte PBKDF2-HMAC-SHA256 key of `pin`.
    private static func derive(_ pin: String, salt: Data, rounds: Int) throws -> Data {
        try KDF.Insecure.PBKDF2.deriveKey(from: Array(pin.utf8), salt: salt, using: .sha256, outputByteCount: 32,
                                          unsafeUncheckedRounds: rounds).withUnsafeBytes { Data($0) }
    }
}

extension AdminPIN {
    /// Reads a PIN file.
    package static func read(from path: String) throws(PrivateFile.Failure) -> AdminPIN {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PrivateFile.Failure(path: path, reason: "no admin PIN file (studyterm kiosk set-pin writes it)")
        }
        guard let pin = try? JSONDecoder().decode(AdminPIN.self, from: data) else {
            throw PrivateFile.Failure(path: path, reason: "not an admin PIN file")
        }
        return pin
    }

    /// Writes the PIN file, mode 0600.
    package func write(to path: String) throws(PrivateFile.Failure) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try PrivateFile.write((try? encoder.encode(self)) ?? Data(), to: path)
    }
}
