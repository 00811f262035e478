import Foundation

/// Reads the small markdown subset of study texts: headings, paragraphs, bullet lists, emphasis,
/// code and links (shown as text). Anything else is kept as plain text; nothing is dropped.
public enum MarkdownParser {
    /// The blocks of `text`, in order.
    public static func parse(_ text: String) -> [MarkdownBlock] {
        var blocks: [MarkdownBlock] = []
        var paragraph: [String] = []
        var bullet: [String]?
        func flush() {
            if let lines = bullet { blocks.append(.bullet(inline(lines.joined(separator: " ")))) }
            if !paragraph.isEmpty { blocks.append(.paragraph(inline(paragraph.joined(separator: " ")))) }
            (paragraph, bullet) = ([], nil)
        }
        for raw in text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty {
                flush()
            } else if let (level, title) = heading(line) {
                flush()
                blocks.append(.heading(level: level, inline(title)))
            } else if let item = bulletText(line) {
                flush()
                bullet = [item]
            } else if bullet != nil, raw.first == " " || raw.first == "\t" {
                bullet?.append(line)
            } else {
                if bullet != nil { flush() }
                paragraph.append(line)
            }
        }
        flush()
        return blocks
    }

    /// `(level, title)` for an ATX heading line.
    private static func heading(_ line: String) -> (Int, String)? {
        let hashes = line.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes) else { return nil }
        let rest = line.dropFirst(hashes)
        guard rest.isEmpty || rest.first == " " else { return nil }
        return (hashes, rest.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "#")).trimmingCharacters(in: .whitespaces))
    }

    /// The text of a bullet item line.
    private static func bulletText(_ line: String) -> String? {
        guard let first = line.first, "-*+".contains(first), line.dropFirst().first == " " else { return nil }
        return line.dropFirst(2).trimmingCharacters(in: .whitespaces)
    }

    /// Inline spans of one block's text.
    public static func inline(_ text: String) -> [MarkdownSpan] {
        var scanner = InlineScanner(Array(text))
        return scanner.spans()
    }
}
