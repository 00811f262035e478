/// What a station does with an identifier typed or scanned on its identification screen: the
/// configured mode's rule (a check character, the roster) over the normalized entry. Pure, so the
/// station program and its tests read the same rule. It never computes the right check character
/// for the participant: a wrong one is only ever called wrong.
public struct ParticipantIDCheck: Sendable, Equatable {
    /// The longest identifier an entry may hold (the input buffer's bound).
    public static let maximumLength = 32

    /// What the entry is worth.
    public enum Verdict: Sendable, Equatable {
        /// The identifier, normalized (upper case, without spaces and hyphens), as the store keeps it.
        case accepted(String)
        /// Nothing was entered.
        case empty
        /// The check character does not match (the right one is never told).
        case wrongCheckCharacter
        /// The identifier is not on the study's roster.
        case notOnRoster
    }

    /// The station's identification mode.
    public var mode: ParticipantIDMode
    /// The roster's identifiers (`roster` mode only; read from its file when the station starts).
    public var roster: ParticipantRoster?

    /// A check for `mode`; `roster` is the roster file's content in `roster` mode.
    public init(mode: ParticipantIDMode = .anonymous, roster: ParticipantRoster? = nil) {
        (self.mode, self.roster) = (mode, roster)
    }

    /// The check character scheme the mode asks for, if any.
    public var scheme: CheckCharacterScheme? {
        switch mode {
        case .anonymous, .roster: nil
        case .staff(let check), .barcode(_, let check): check
        case .typed(let check): check
        }
    }

    /// Whether the station asks for an identifier at all.
    public var asksForID: Bool { mode != .anonymous }

    /// The verdict on `entry` (normalized first).
    public func verdict(for entry: String) -> Verdict {
        let id = CheckCharacterScheme.normalize(entry)
        guard !id.isEmpty else { return .empty }
        if let scheme, !scheme.isValid(id) { return .wrongCheckCharacter }
        if case .roster = mode, roster?.admits(id) != true { return .notOnRoster }
        return .accepted(id)
    }

    /// Whether `character` may be part of an identifier: ASCII letters and digits only (a
    /// scanner on the wrong keyboard layout or Caps Lock must not slip in anything else).
    public static func admits(_ character: Character) -> Bool {
        guard character.isASCII, let scalar = character.unicodeScalars.first else { return false }
        return (48...57).contains(scalar.value) || (65...90).contains(scalar.value) || (97...122).contains(scalar.value)
    }
}
