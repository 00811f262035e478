import Foundation

/// A registration token as typed: short, case-insensitive, from an alphabet without look-alikes
/// (no 0/O, 1/I/J, N, Q), so it can be read aloud and typed from paper.
public struct RegistrationToken: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The characters tokens are made of.
    public static let alphabet = "ABCDEFGHKLMPRSTUVWXYZ23456789"
    /// Accepted lengths.
    public static let lengths = 4...16

    /// The normalised token: upper case, without spaces or dashes.
    public let value: String

    /// Normalises and checks what the participant typed.
    public init(typed: String) throws(SignUpError) {
        let value = Self.normalize(typed)
        if value.isEmpty { throw .tokenMissing }
        if let bad = value.first(where: { !Self.alphabet.contains($0) }) { throw .tokenCharacter(bad) }
        guard Self.lengths.contains(value.count) else { throw .tokenLength(value.count) }
        self.value = value
    }

    /// Upper case with spaces, dashes and similar separators removed ("abcd-2345 " → "ABCD2345").
    public static func normalize(_ typed: String) -> String {
        String(typed.uppercased().filter { !$0.isWhitespace && $0 != "-" && $0 != "_" && $0 != "." })
    }

    /// The token.
    public var description: String { value }
}
