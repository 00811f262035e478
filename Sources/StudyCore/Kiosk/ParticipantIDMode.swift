/// How a station identifies each participant.
public enum ParticipantIDMode: Sendable, Equatable {
    /// No identifier; a withdrawal code is shown at the end of the session.
    case anonymous
    /// Staff enter the identifier, optionally with a check character.
    case staff(check: CheckCharacterScheme?)
    /// The participant types the identifier, which carries a check character.
    case typed(check: CheckCharacterScheme)
    /// The identifier must be on the roster, a file of allowed identifiers (one a line).
    case roster(file: String)
    /// A barcode scanner types the identifier as a burst of keys ending in Enter.
    case barcode(maxGapMilliseconds: Int, check: CheckCharacterScheme?)

    /// The mode's name in the configuration (`anonymous`, `staff`, `typed`, `roster`, `barcode`).
    public var name: String {
        switch self {
        case .anonymous: "anonymous"
        case .staff: "staff"
        case .typed: "typed"
        case .roster: "roster"
        case .barcode: "barcode"
        }
    }
}
