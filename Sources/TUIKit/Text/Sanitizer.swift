import Foundation

/// Turns untrusted text (task files, server payloads) into text that is safe to display.
///
/// Escape sequences are removed whole: CSI (`ESC [` … final byte), OSC, DCS, SOS, PM and APC
/// strings (up to BEL or ST; an unterminated one swallows the rest, as a terminal would), and
/// two-byte `ESC x` sequences; a bare ESC is dropped. C0 controls, DEL and C1 controls
/// (0x80–0x9F, whose 8-bit CSI/OSC forms are parsed like the 7-bit ones) are removed, as are
/// bidirectional controls (marks, embeddings, overrides, isolates) and the byte-order mark. A tab becomes one space. Line breaks
/// (LF, CR LF, CR, U+2028/9) become a space in ``sanitizeLine(_:)`` and `\n` in
/// ``sanitizeParagraphs(_:)``. The result never contains a raw control character.
public enum Sanitizer {
    /// Text for a single line: every line break becomes a space.
    public static func sanitizeLine(_ text: String) -> String {
        sanitize(text, lineBreak: " ")
    }

    /// Text that keeps its paragraphs: every kind of line break becomes `\n`.
    public static func sanitizeParagraphs(_ text: String) -> String {
        sanitize(text, lineBreak: "\n")
    }

    /// One character made safe to show on its own: itself when it is printable ASCII, else its
    /// sanitized form's first character, or a space when nothing of it is displayable.
    public static func sanitizeCharacter(_ character: Character) -> Character {
        if TextWidth.printableASCII(character) != nil { return character }
        return sanitizeLine(String(character)).first ?? " "
    }

    /// Text for a line printed by the command line (messages, paths, identifiers, usage): every
    /// character the screen would drop is shown as an escape instead, so a study author sees what
    /// is there and the terminal never acts on it: C0 controls, DEL and C1 controls as `\x1b`,
    /// `\x9b`; bidirectional controls and the byte-order mark as `\u{202E}`. Line feeds are kept
    /// (a message may have several lines); a carriage return shows as `\x0d`.
    public static func escapeControls(_ text: String) -> String {
        if TextWidth.isPrintableASCII(text) { return text }
        var output = ""
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v == 0x0A || !isControl(v) {
                output.unicodeScalars.append(scalar)
            } else if v < 0x100 {
                output += "\\x" + hex(v, digits: 2)
            } else {
                output += "\\u{" + hex(v, digits: 4) + "}"
            }
        }
        return output
    }

    /// True for what never reaches a terminal raw: C0 (tab included), DEL, C1, the line and
    /// paragraph separators, every bidirectional control (the marks U+200E, U+200F and U+061C,
    /// the embeddings and overrides, the isolates) and the byte-order mark.
    static func isControl(_ v: UInt32) -> Bool {
        switch v {
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069, 0xFEFF:
            return true
        default: return false
        }
    }

    private static func hex(_ v: UInt32, digits: Int) -> String {
        let s = String(v, radix: 16, uppercase: false)
        return String(repeating: "0", count: max(0, digits - s.count)) + s
    }

    /// The shared scanner: drops sequences and controls, maps tabs and line breaks.
    private static func sanitize(_ text: String, lineBreak: Unicode.Scalar) -> String {
        if TextWidth.isPrintableASCII(text) { return text }   // nothing to remove or map
        var output = String.UnicodeScalarView()
        var scanner = EscapeScanner(text.unicodeScalars)
        while let scalar = scanner.nextVisible() {
            switch scalar.value {
            case 0x09: output.append(" ")
            case 0x0D:
                if scanner.peek()?.value == 0x0A { _ = scanner.advance() }
                output.append(lineBreak)
            case 0x0A, 0x2028, 0x2029: output.append(lineBreak)
            case let v where isControl(v): continue
            default: output.append(scalar)
            }
        }
        return String(output)
    }
}
