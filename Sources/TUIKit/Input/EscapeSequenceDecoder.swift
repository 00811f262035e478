/// Turns what a terminal sends after an ESC into one key: a lone Esc, an Alt (Meta) key, a CSI or
/// SS3 sequence that the terminal library did not know, or nothing. ESC followed by a character
/// is never an Esc and then that character: Alt-b typed into a text box must not go back a step
/// and then type "b".
public enum EscapeSequenceDecoder {
    /// One thing waiting after the ESC.
    public enum Follower: Sendable, Equatable {
        /// A character (a Unicode scalar value).
        case character(UInt32)
        /// A key the terminal library has already decoded (an arrow after ESC is Alt-arrow).
        case decodedKey
    }

    /// What the ESC and its followers mean.
    public enum Outcome: Sendable, Equatable {
        /// Esc on its own.
        case escape
        /// One key.
        case key(Key)
        /// A sequence nothing uses: read and dropped.
        case ignored
    }

    /// Decodes an ESC whose followers `next` yields one at a time, only those that have already
    /// arrived (nil: nothing more is waiting).
    public static func decode(next: () -> Follower?) -> Outcome {
        guard let first = next() else { return .escape }
        guard case .character(let c) = first else { return .ignored }
        switch c {
        case 0x5B: // [ : a control sequence
            return controlSequence(next: next)
        case 0x4F: // O : SS3, one character follows
            guard case .character(let f)? = next() else { return .key(.alt("O")) }
            return ss3Key(f).map(Outcome.key) ?? .ignored
        case 0x1B: // ESC ESC: Alt plus whatever the second ESC starts, or Esc pressed twice
            let inner = decode(next: next)
            return inner == .escape ? .escape : .ignored
        case 0x20...0x7E, 0xA0...:
            guard let scalar = Unicode.Scalar(c) else { return .ignored }
            return .key(.alt(Character(scalar)))
        default: // Alt plus a control key (Alt-Backspace, Alt-Enter): nothing uses it
            return .ignored
        }
    }

    /// After `ESC [`: parameter bytes, intermediate bytes, then a final byte.
    private static func controlSequence(next: () -> Follower?) -> Outcome {
        var parameters = ""
        var intermediates = false
        while let follower = next() {
            guard case .character(let c) = follower else { return .ignored }
            switch c {
            case 0x30...0x3F: parameters.unicodeScalars.append(Unicode.Scalar(UInt8(c)))
            case 0x20...0x2F: intermediates = true
            case 0x40...0x7E:
                guard !intermediates else { return .ignored }
                return csiKey(parameters: parameters, final: UInt8(c)).map(Outcome.key) ?? .ignored
            default: return .ignored   // not part of a sequence: the sequence was cut
            }
        }
        return parameters.isEmpty && !intermediates ? .key(.alt("[")) : .ignored
    }

    /// The key of a CSI sequence with no modifiers, when it is one the app uses.
    static func csiKey(parameters: String, final: UInt8) -> Key? {
        if parameters.isEmpty || parameters == "1" {
            switch final {
            case 0x41: return .up
            case 0x42: return .down
            case 0x43: return .right
            case 0x44: return .left
            case 0x48: return .home
            case 0x46: return .end
            default: break
            }
        }
        if parameters.isEmpty, final == 0x5A { return .backTab }
        guard final == 0x7E else { return nil }
        switch parameters {
        case "1", "7": return .home
        case "3": return .delete
        case "4", "8": return .end
        case "5": return .pageUp
        case "6": return .pageDown
        default: return nil
        }
    }

    /// The key of an SS3 sequence (application cursor keys, F1 to F4), when the app uses it.
    static func ss3Key(_ final: UInt32) -> Key? {
        switch final {
        case 0x41: return .up
        case 0x42: return .down
        case 0x43: return .right
        case 0x44: return .left
        case 0x48: return .home
        case 0x46: return .end
        case 0x50...0x53: return .function(Int(final - 0x50) + 1)
        default: return nil
        }
    }
}
