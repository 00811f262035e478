import Crypto
import Foundation
import StudyCore

/// A participant identifier as logs may carry it: HMAC-SHA256 keyed with the station's salt, in
/// hex. Only `ParticipantHasher` makes one, so a raw identifier cannot be passed where a hash goes.
package struct ParticipantHash: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The hex digest.
    package let hex: String

    /// Made by `ParticipantHasher/hash(_:)` only.
    fileprivate init(hex: String) { self.hex = hex }

    package var description: String { hex }
}

/// Hashes participant identifiers with the station's secret salt, so the same identifier gives
/// the same hash on this station (sessions of one person can be counted) while the hash tells
/// nothing without the salt (a short numeric id cannot be found by trying them all).
package struct ParticipantHasher: Sendable {
    /// The salt's length in bytes.
    package static let saltBytes = 32
    /// The station's salt.
    private let salt: Data

    /// A hasher with a given salt.
    package init(salt: Data) { self.salt = salt }

    /// The salt file at `path` (mode 0600), made with a fresh random salt when missing.
    package static func loadOrCreate(saltFile path: String) throws(PrivateFile.Failure) -> ParticipantHasher {
        if let data = FileManager.default.contents(atPath: path) {
            guard data.count == saltBytes else { throw PrivateFile.Failure(path: path, reason: "not a station salt (\(saltBytes) bytes)") }
            return ParticipantHasher(salt: data)
        }
        let salt = SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }
        try PrivateFile.write(salt, to: path)
        return ParticipantHasher(salt: salt)
    }

    /// The hash of `id`, normalized first (case, spaces and hyphens do not matter).
    package func hash(_ id: String) -> ParticipantHash {
        let mac = HMAC<SHA256>.authenticationCode(for: Array(CheckCharacterScheme.normalize(id).utf8), using: SymmetricKey(data: salt))
        return ParticipantHash(hex: mac.map { String(format: "%02x", $0) }.joined())
    }
}

/// The SHA-256 of some content (a configuration, a study definition), in hex.
package struct ContentHash: Sendable, Equatable, CustomStringConvertible {
    /// The hex digest.
    package let hex: String

    /// The hash of `data`.
    package init(of data: Data) { hex = SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined() }

    /// A digest recorded earlier (a status file's), as it was written.
    package init(hex: String) { self.hex = hex }

    package var description: String { hex }
}
