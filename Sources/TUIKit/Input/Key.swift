import Foundation

/// A key press, decoded from whatever the terminal sent.
public enum Key: Sendable, Hashable {
    /// A printable character (including space).
    case character(Character)
    /// Enter / Return.
    case enter
    /// Tab.
    case tab
    /// Shift-Tab.
    case backTab
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Home.
    case home
    /// End.
    case end
    /// Backspace (DEL or Ctrl-H).
    case backspace
    /// Delete (forward).
    case delete
    /// Escape on its own.
    case escape
    /// Ctrl plus a letter, lower case (`.ctrl("c")`); in raw mode Ctrl-C is this, never a signal.
    case ctrl(Character)
    /// Function key F1…F24.
    case function(Int)
    /// Alt (Meta) plus a printable character, sent by terminals as ESC and the character.
    case alt(Character)

    /// A short, human label for help bars: `Enter`, `Shift-Tab`, `↑`, `Ctrl-C`, `Space`, `q`.
    public var label: String {
        switch self {
        case .character(" "): "Space"
        case .character(let c): String(c)
        case .enter: "Enter"
        case .tab: "Tab"
        case .backTab: "Shift-Tab"
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .home: "Home"
        case .end: "End"
        case .backspace: "Backspace"
        case .delete: "Del"
        case .escape: "Esc"
        case .ctrl(let c): "Ctrl-" + String(c).uppercased()
        case .function(let n): "F\(n)"
        case .alt(let c): "Alt-" + String(c)
        }
    }
}
