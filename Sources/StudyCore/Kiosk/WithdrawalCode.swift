/// The code an anonymous participant is shown at the end of a session, to quote when asking for
/// their answers to be withdrawn: eight characters from an alphabet without look-alikes (no 0/O,
/// 1/I/L) and two ISO 7064 MOD 97-10 check digits, as `K7QM-3XWA-52`.
public struct WithdrawalCode: Sendable, Equatable, CustomStringConvertible {
    /// The characters codes are drawn from.
    public static let alphabet = Array("23456789ABCDEFGHJKMNPQRSTUVWXYZ")

    /// The normalized code: eight characters and two check digits.
    public let value: String

    /// A fresh code drawn from `generator`.
    public init<G: RandomNumberGenerator>(using generator: inout G) {
        let body = String((0..<8).map { _ in Self.alphabet.randomElement(using: &generator)! })
        value = CheckCharacterScheme.mod97.appendingCheck(to: body)!
    }

    /// A code as someone typed it, if it is one (case, spaces and hyphens do not matter).
    public init?(typed: String) {
        let id = CheckCharacterScheme.normalize(typed)
        guard id.count == 10, id.prefix(8).allSatisfy(Self.alphabet.contains), CheckCharacterScheme.mod97.isValid(id) else { return nil }
        value = id
    }

    /// `XXXX-XXXX-NN`, as shown.
    public var description: String {
        let c = Array(value)
        return String(c[0..<4]) + "-" + String(c[4..<8]) + "-" + String(c[8..<10])
    }
}
