import Foundation

/// Text made safe for a troff (man macro) source line.
enum Troff {
    /// `text` with backslashes escaped and characters outside ASCII as `\[uXXXX]`, so groff
    /// renders it the same in any input encoding.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "\t": out += " "
            case _ where scalar.value < 0x80: out.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        return out
    }

    /// An option or word that is typed as it is: escaped, with its hyphens as minus signs (so a
    /// reader can copy it).
    static func literal(_ text: String) -> String {
        escape(text).replacingOccurrences(of: "-", with: "\\-")
    }

    /// Source lines for running text: each line escaped and kept from starting with a control
    /// character; a blank line becomes `paragraph` (`.PP`, or `.IP` inside a list entry).
    static func lines(_ text: String, paragraph: String = ".PP") -> [String] {
        var out: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty {
                if out.last != paragraph, !out.isEmpty { out.append(paragraph) }
                continue
            }
            out.append(guarded(escape(trimmed)))
        }
        if out.last == paragraph { out.removeLast() }
        return out
    }

    /// `line` with `\&` in front when it would start with `.` or `'` (a request).
    static func guarded(_ line: String) -> String {
        line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line
    }
}
