import Crypto
import Foundation

/// SHA-256 through swift-crypto (the one implementation the app and the server share); used to
/// record which consent text was shown.
enum TextDigest {
    /// The SHA-256 of `text`'s UTF-8 bytes as 64 lower-case hex digits.
    static func sha256Hex(_ text: String) -> String { sha256Hex(of: Array(text.utf8)) }

    /// The SHA-256 of `bytes` as 64 lower-case hex digits.
    static func sha256Hex(of bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }
}
