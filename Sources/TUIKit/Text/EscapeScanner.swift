import Foundation

/// Walks scalars and skips escape sequences, returning everything else one scalar at a time.
struct EscapeScanner {
    private let scalars: [Unicode.Scalar]
    private var index = 0

    /// A scanner positioned at the start of `scalars`.
    init(_ scalars: String.UnicodeScalarView) {
        self.scalars = Array(scalars)
    }

    /// The scalar at the current position without consuming it.
    func peek() -> Unicode.Scalar? {
        index < scalars.count ? scalars[index] : nil
    }

    /// Consumes and returns the current scalar.
    mutating func advance() -> Unicode.Scalar? {
        defer { index += 1 }
        return peek()
    }

    /// The next scalar that is not part of an escape sequence (controls are still returned).
    mutating func nextVisible() -> Unicode.Scalar? {
        while let scalar = advance() {
            switch scalar.value {
            case 0x1B: skipEscape()
            case 0x9B: skipControlSequence()
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F: skipString()
            default: return scalar
            }
        }
        return nil
    }

    /// After ESC: decides which kind of sequence follows and skips it.
    private mutating func skipEscape() {
        guard let next = peek() else { return }
        switch next {
        case "[": index += 1; skipControlSequence()
        case "]", "P", "X", "^", "_": index += 1; skipString()
        default:
            while let s = peek(), (0x20...0x2F).contains(s.value) { index += 1 }   // intermediates
            if let s = peek(), (0x30...0x7E).contains(s.value) { index += 1 }      // final byte
        }
    }

    /// Skips CSI parameters and intermediates up to and including the final byte.
    ///
    /// A scalar outside the CSI grammar ends the sequence without being consumed.
    private mutating func skipControlSequence() {
        while let s = peek() {
            switch s.value {
            case 0x20...0x3F: index += 1
            case 0x40...0x7E: index += 1; return
            default: return
            }
        }
    }

    /// Skips an OSC/DCS-style string up to BEL, ST (`ESC \`) or 8-bit ST (0x9C).
    private mutating func skipString() {
        while let s = advance() {
            if s.value == 0x07 || s.value == 0x9C { return }
            if s.value == 0x1B {
                if peek() == "\\" { index += 1 } else { index -= 1 }  // another ESC: rescan it
                return
            }
        }
    }
}
