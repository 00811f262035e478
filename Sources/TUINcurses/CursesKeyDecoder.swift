import CNcursesw
import TUIKit

/// Maps what `wget_wch` returns to ``Key`` values.
enum CursesKeyDecoder {
    /// A key for a curses key code (`KEY_UP`, `KEY_F(1)`, …); nil when the app has no use for it.
    static func key(forKeyCode code: Int32) -> Key? {
        switch code {
        case KEY_UP: .up
        case KEY_DOWN: .down
        case KEY_LEFT: .left
        case KEY_RIGHT: .right
        case KEY_PPAGE: .pageUp
        case KEY_NPAGE: .pageDown
        case KEY_HOME, KEY_A1: .home
        case KEY_END, KEY_C1: .end
        case KEY_BACKSPACE: .backspace
        case KEY_DC: .delete
        case KEY_ENTER: .enter
        case KEY_BTAB: .backTab
        case nc_key_f(1)...nc_key_f(24): .function(Int(code - nc_key_f(0)))
        default: nil
        }
    }

    /// A key for a character read in raw mode: controls become named keys or Ctrl-letters.
    static func key(forCharacter value: wint_t) -> Key? {
        switch value {
        case 0x0D, 0x0A: return .enter
        case 0x09: return .tab
        case 0x08, 0x7F: return .backspace
        case 0x1B: return .escape
        case 0x01...0x1A: return .ctrl(Character(Unicode.Scalar(UInt8(value) + 0x60)))
        case 0x1C...0x1F: return .ctrl(Character(Unicode.Scalar(UInt8(value) + 0x40)))
        case 0x00, 0x80...0x9F: return nil
        default:
            guard let scalar = Unicode.Scalar(UInt32(value)) else { return nil }
            return .character(Character(scalar))
        }
    }
}
