import Foundation

/// What a piece of text *is*; a ``Theme`` decides how each role looks.
///
/// Every role has a one-letter ``code`` used by ``Canvas/styleLayer()`` in snapshot tests:
///
/// | role | code | | role | code |
/// |---|---|---|---|---|
/// | normal | ` ` (space) | | button | `b` |
/// | title | `T` | | buttonFocused | `B` |
/// | dim | `d` | | caption | `c` |
/// | accent | `A` | | help | `?` |
/// | focused | `F` | | header | `H` |
/// | selected | `S` | | progress | `P` |
/// | error | `E` | | warning | `W` |
/// | inkRed | `r` | | inkGreen | `g` |
/// | inkBlue | `u` | | inkYellow | `y` |
public enum StyleRole: String, Sendable, Hashable, Codable, CaseIterable {
    /// Body text.
    case normal
    /// A screen or step title.
    case title
    /// De-emphasised text (hints, disabled items).
    case dim
    /// Emphasis that is not a state (a value, a key name).
    case accent
    /// The element that receives keys (drawn reversed in every theme).
    case focused
    /// A chosen option (bold; widgets add a textual marker such as `(•)`).
    case selected
    /// A validation or environment error (bold; widgets prefix a `!` marker).
    case error
    /// A button at rest (widgets draw it as `[ Label ]`).
    case button
    /// The button that Enter activates (reversed and bold).
    case buttonFocused
    /// Small print under a field or title.
    case caption
    /// The key-binding help bar.
    case help
    /// The top bar (study and step position).
    case header
    /// A progress or countdown bar.
    case progress
    /// A warning that does not block (bold).
    case warning
    /// Text in red ink (a Stroop word); bold without colour, where a task must not rely on it.
    case inkRed
    /// Text in green ink.
    case inkGreen
    /// Text in blue ink.
    case inkBlue
    /// Text in yellow ink.
    case inkYellow

    /// The one-letter code of this role in a style layer.
    public var code: Character {
        switch self {
        case .normal: " "
        case .title: "T"
        case .dim: "d"
        case .accent: "A"
        case .focused: "F"
        case .selected: "S"
        case .error: "E"
        case .button: "b"
        case .buttonFocused: "B"
        case .caption: "c"
        case .help: "?"
        case .header: "H"
        case .progress: "P"
        case .warning: "W"
        case .inkRed: "r"
        case .inkGreen: "g"
        case .inkBlue: "u"
        case .inkYellow: "y"
        }
    }

    /// The role's position in ``allCases``: an index for per-role tables.
    public var ordinal: Int {
        switch self {
        case .normal: 0
        case .title: 1
        case .dim: 2
        case .accent: 3
        case .focused: 4
        case .selected: 5
        case .error: 6
        case .button: 7
        case .buttonFocused: 8
        case .caption: 9
        case .help: 10
        case .header: 11
        case .progress: 12
        case .warning: 13
        case .inkRed: 14
        case .inkGreen: 15
        case .inkBlue: 16
        case .inkYellow: 17
        }
    }

    /// The role whose ``code`` is `code`, if any.
    public init?(code: Character) {
        guard let role = StyleRole.allCases.first(where: { $0.code == code }) else { return nil }
        self = role
    }
}
