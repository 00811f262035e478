import Crypto
import Foundation

/// SHA-256 as lower-case hex, through swift-crypto: credentials, tokens, consent texts, ETags.
enum Digest {
    /// The digest of `text`'s UTF-8 bytes.
    static func sha256Hex(_ text: String) -> String { sha256Hex(Data(text.utf8)) }

    /// The digest of `data`.
    static func sha256Hex(_ data: Data) -> String {
        SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }
}
