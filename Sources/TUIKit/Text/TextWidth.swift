import Foundation

/// The one display-width function used for layout, rendering and tests.
///
/// Widths follow the terminal's `wcwidth` rules (glibc, Unicode East Asian Width): combining
/// marks take no column, East Asian Wide and Fullwidth characters and emoji with emoji
/// presentation take two, everything else one. Terminals disagree about emoji *sequences*, so a
/// character is first reduced to its display form (see ``displayUnits(of:)``): variation
/// selectors, skin-tone modifiers and tags are dropped and a ZWJ sequence shows only its first
/// emoji. What is measured is exactly what the canvas stores and the terminal is sent.
public enum TextWidth {
    /// The columns `character` occupies once reduced to its display form.
    public static func width(of character: Character) -> Int {
        if printableASCII(character) != nil { return 1 }
        return displayUnits(of: character).reduce(0) { $0 + width(ofUnit: $1) }
    }

    /// The columns `text` occupies on one line.
    ///
    /// Inlinable, so callers in other modules get a version specialized for their string type.
    @inlinable
    public static func width(of text: some StringProtocol) -> Int {
        isPrintableASCII(text) ? text.utf8.count : text.reduce(0) { $0 + width(of: $1) }
    }

    /// True when every byte of `text` is printable ASCII (0x20–0x7E): one column per byte,
    /// nothing to combine, nothing to sanitize. The common case, checked without Unicode tables.
    @inlinable
    public static func isPrintableASCII(_ text: some StringProtocol) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(isPrintableASCII) }
            ?? text.utf8.allSatisfy(isPrintableASCII)
    }

    /// True for a printable ASCII byte (0x20–0x7E).
    @inlinable
    public static func isPrintableASCII(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F
    }

    /// The byte of a printable ASCII character, nil for any other character.
    @inlinable
    public static func printableASCII(_ character: Character) -> UInt8? {
        character.asciiValue.flatMap { isPrintableASCII($0) ? $0 : nil }
    }

    /// The cells a character is drawn as: each unit is one spacing scalar plus its combining marks.
    ///
    /// Most characters give one unit. A flag (two regional indicators) gives two one-column units,
    /// which is how the terminal counts them too. A lone combining mark or a control character
    /// gives none (controls must be sanitized before they get here).
    public static func displayUnits(of character: Character) -> [Character] {
        let scalars = character.unicodeScalars
        if scalars.count == 1, let only = scalars.first {
            return isControl(only) || isZeroWidth(only) ? [] : [character]
        }
        var units: [Character] = []
        var current = String.UnicodeScalarView()
        for scalar in scalars {
            if scalar.value == 0x200D, current.first?.properties.isEmoji == true {
                break                                       // emoji ZWJ sequence: keep the first
            }
            if isDroppedModifier(scalar) || isControl(scalar) { continue }
            if isZeroWidth(scalar) {
                if !current.isEmpty, current.count < maxScalarsPerCell { current.append(scalar) }
                continue
            }
            if !current.isEmpty { units.append(Character(String(current))) }
            current = String.UnicodeScalarView([scalar])
        }
        if !current.isEmpty { units.append(Character(String(current))) }
        return units
    }

    /// The columns one display unit takes: its first scalar decides.
    static func width(ofUnit unit: Character) -> Int {
        guard let base = unit.unicodeScalars.first else { return 0 }
        return width(of: base)
    }

    /// The columns a single spacing scalar takes (0 for marks and format characters).
    public static func width(of scalar: Unicode.Scalar) -> Int {
        if scalar.value >= 0x20, scalar.value < 0x7F { return 1 }   // printable ASCII: the common case
        if isControl(scalar) || isZeroWidth(scalar) { return 0 }
        if (0x1F1E6...0x1F1FF).contains(scalar.value) { return 1 }   // regional indicators
        if scalar.properties.isEmojiPresentation { return 2 }
        return isEastAsianWide(scalar.value) ? 2 : 1
    }

    /// Scalars kept per cell: curses stores a base character and at most four marks.
    static let maxScalarsPerCell = 5

    /// C0, DEL and C1 controls: never displayable.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Scalars that draw nothing on their own: marks, format characters, Hangul medial/final jamo.
    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x0300 { return false }   // no marks or format characters before U+0300 but U+00AD, which has a column
        if isPrependedMark(value) { return false }   // glibc gives these a column
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return true }
        if value == 0x200B { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return false
        }
    }

    /// Prepended concatenation marks (Arabic number signs and the like): format, yet visible.
    static func isPrependedMark(_ value: UInt32) -> Bool {
        (0x0600...0x0605).contains(value) || value == 0x06DD || value == 0x070F
            || (0x0890...0x0891).contains(value) || value == 0x08E2 || value == 0x110BD
            || value == 0x110CD
    }

    /// Presentation modifiers that terminals render inconsistently; the base emoji is kept.
    static func isDroppedModifier(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value == 0xFE0E || value == 0xFE0F           // text / emoji variation selectors
            || (0x1F3FB...0x1F3FF).contains(value)          // skin-tone modifiers
            || (0xE0020...0xE007F).contains(value)          // tag characters (subdivision flags)
    }

    /// East Asian Wide and Fullwidth ranges (non-emoji), as in glibc's width table.
    static func isEastAsianWide(_ value: UInt32) -> Bool {
        value >= 0x1100 && wideRanges.contains { $0.contains(value) }
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DFF,
        0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
        0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FF1,
        0x17000...0x18DFF, 0x1AFF0...0x1AFFF, 0x1B000...0x1B2FF, 0x1F200...0x1F2FF, 0x20000...0x2FFFD,
        0x30000...0x3FFFD,
    ]
}
