import Foundation

/// ASCII stand-ins for text a terminal outside a UTF-8 locale cannot show (LANG=C): box drawing
/// as `- | +`, blocks as `#`, pointers and arrows as `> < ^ v`, bullets as `*`, dashes as `-`,
/// letters with accents as their base letter, and anything else as `?`.
public enum ASCIIFallback {
    /// True when the locale the environment names is UTF-8: the first of `LC_ALL`, `LC_CTYPE` and
    /// `LANG` that is set and not empty names a UTF-8 codeset (POSIX order; none set is the C locale).
    public static func localeIsUTF8(_ value: (String) -> String? = ProcessEnvironment.value) -> Bool {
        var chosen: String?
        for variable in ["LC_ALL", "LC_CTYPE", "LANG"] {
            if let set = value(variable), !set.isEmpty { chosen = set; break }
        }
        guard let name = chosen else { return false }
        let codeset = name.split(separator: ".").dropFirst().first?.split(separator: "@").first?.lowercased() ?? ""
        return codeset == "utf-8" || codeset == "utf8"
    }

    /// The printable ASCII byte that stands for `scalar` in one cell.
    public static func byte(for scalar: UInt32) -> UInt8 {
        if scalar >= 0x20 && scalar < 0x7F { return UInt8(scalar) }
        switch scalar {
        case 0x2500, 0x2501, 0x2504...0x2509, 0x254C, 0x254D, 0x2550, 0x2574, 0x2576, 0x2578, 0x257A, 0x257C, 0x257E: return 0x2D  // ─ -
        case 0x2502, 0x2503, 0x250A, 0x250B, 0x254E, 0x254F, 0x2551, 0x2575, 0x2577, 0x2579, 0x257B, 0x257D, 0x257F: return 0x7C  // │ |
        case 0x250C...0x254B, 0x2552...0x2570: return 0x2B                                               // corners, tees +
        case 0x2571: return 0x2F
        case 0x2572: return 0x5C
        case 0x2573: return 0x58
        case 0x2591: return 0x2E                                                                        // ░ .
        case 0x2592: return 0x3A                                                                        // ▒ :
        case 0x2580...0x2590, 0x2593...0x259F, 0x25A0, 0x25AA, 0x25AC, 0x25AE: return 0x23               // █ ▀ ■ #
        case 0x203A, 0x00BB, 0x2192, 0x25B6, 0x25B8, 0x25BA, 0x276F, 0x2794, 0x27A4, 0x21D2: return 0x3E   // › » → ▶ >
        case 0x2039, 0x00AB, 0x2190, 0x25C0, 0x25C2, 0x25C4, 0x276E, 0x21D0: return 0x3C                 // ‹ « ← ◀ <
        case 0x2191, 0x25B2, 0x25B4, 0x21D1: return 0x5E                                               // ↑ ▲ ^
        case 0x2193, 0x25BC, 0x25BE, 0x21D3: return 0x76                                               // ↓ ▼ v
        case 0x2194, 0x2195, 0x21C4, 0x21C5: return 0x2D
        case 0x2022, 0x25CF, 0x25C9, 0x2023, 0x2043, 0x2219, 0x2605, 0x2606, 0x273B, 0x2731, 0x2217: return 0x2A  // • ● ★ *
        case 0x25CB, 0x25CE, 0x25E6, 0x00B0, 0x2218: return 0x6F                                       // ○ ◦ ° o
        case 0x25A1, 0x25AB, 0x25AD, 0x25AF: return 0x23
        case 0x00B7, 0x2010...0x2015, 0x2212, 0x2E3A, 0x2E3B, 0xFE58, 0xFE63: return 0x2D               // · ‐ – — − -
        case 0x2026: return 0x7E                                                                        // … ~ (one cell)
        case 0x2018, 0x2019, 0x201A, 0x201B, 0x2032, 0x00B4, 0x0060: return 0x27
        case 0x201C, 0x201D, 0x201E, 0x201F, 0x2033: return 0x22
        case 0x00D7, 0x2715, 0x2716, 0x2717, 0x2718: return 0x78                                       // × ✗ x
        case 0x2713, 0x2714: return 0x76                                                               // ✓ v
        case 0x00F7, 0x2044, 0x2215: return 0x2F
        case 0x00B1: return 0x2B
        case 0x2264, 0x226A: return 0x3C
        case 0x2265, 0x226B: return 0x3E
        case 0x2260: return 0x23
        case 0x00A0, 0x2000...0x200A, 0x202F, 0x205F, 0x3000: return 0x20
        case 0x00B5: return 0x75
        case 0x00DF: return 0x73
        case 0x00C6, 0x00E6: return scalar == 0x00C6 ? 0x41 : 0x61
        case 0x00D8, 0x00F8: return scalar == 0x00D8 ? 0x4F : 0x6F
        case 0x0141, 0x0142: return scalar == 0x0141 ? 0x4C : 0x6C
        case 0xFF01...0xFF5E: return UInt8(scalar - 0xFF01 + 0x21)                                      // fullwidth ASCII
        default: return baseLetter(scalar) ?? 0x3F
        }
    }

    /// `text` with every character outside printable ASCII replaced by its stand-in (an ellipsis
    /// by three dots); tabs and line breaks are kept. For line output, where widths do not matter.
    public static func text(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            guard let first = character.unicodeScalars.first else { continue }
            if first.value < 0x80 {
                out.unicodeScalars.append(first)
            } else if first.value == 0x2026 {
                out += "..."
            } else if first.properties.generalCategory == .nonspacingMark || first.properties.generalCategory == .enclosingMark {
                continue
            } else {
                out.unicodeScalars.append(Unicode.Scalar(byte(for: first.value)))
                if TextWidth.width(of: character) == 2 { out.unicodeScalars.append("?") }
            }
        }
        return out
    }

    /// The ASCII letter a Latin letter with marks decomposes to (é is e), if any.
    private static func baseLetter(_ scalar: UInt32) -> UInt8? {
        guard let s = Unicode.Scalar(scalar),
              let base = String(s).decomposedStringWithCanonicalMapping.unicodeScalars.first,
              base.value < 0x7F, base.properties.isAlphabetic else { return nil }
        return UInt8(base.value)
    }
}
