import Foundation
import StudyCore
import TUIKit

/// Lays out markdown-subset text as display lines of a given width: headings in the title role,
/// bullets with a hanging indent, emphasis and links in the accent role, a blank line between blocks.
enum MarkdownLayout {
    /// The lines of `markdown` wrapped to `width` columns (text is sanitized).
    static func lines(_ markdown: String, width: Int) -> [StyledLine] {
        lines(MarkdownParser.parse(markdown), width: width)
    }

    /// The lines of parsed blocks wrapped to `width` columns.
    static func lines(_ blocks: [MarkdownBlock], width: Int) -> [StyledLine] {
        var out: [StyledLine] = []
        for (i, block) in blocks.enumerated() {
            let previousIsBullet = i > 0 && { if case .bullet = blocks[i - 1] { true } else { false } }()
            let isBullet = { if case .bullet = block { true } else { false } }()
            if i > 0, !(isBullet && previousIsBullet) { out.append(.blank) }
            switch block {
            case .heading(_, let spans): out += wrap(spans, width: width, base: .title)
            case .paragraph(let spans): out += wrap(spans, width: width, base: .normal)
            case .bullet(let spans):
                let body = wrap(spans, width: max(1, width - 2), base: .normal)
                for (n, line) in body.enumerated() {
                    out.append(StyledLine([StyledLine.Run(text: n == 0 ? "• " : "  ", role: .normal)] + line.runs))
                }
            }
        }
        return out
    }

    /// A word or part of one in one role; `spaced` when a space came before it.
    private struct Piece {
        var text: String
        var role: StyleRole
        var spaced: Bool
    }

    /// Greedy word wrap over styled spans; pieces with no space between them stay together.
    static func wrap(_ spans: [MarkdownSpan], width: Int, base: StyleRole) -> [StyledLine] {
        let units = glue(pieces(spans, base: base))
        var lines: [StyledLine] = []
        var line: [StyledLine.Run] = [], used = 0
        for unit in units {
            let unitWidth = unit.reduce(0) { $0 + TextWidth.width(of: $1.text) }
            if used > 0, used + 1 + unitWidth > width {
                lines.append(StyledLine(line))
                (line, used) = ([], 0)
            }
            if used > 0 {
                line.append(StyledLine.Run(text: " ", role: base))
                used += 1
            }
            for piece in unit {
                for character in piece.text {
                    let w = TextWidth.width(of: character)
                    if used + w > width, used > 0 {
                        lines.append(StyledLine(line))
                        (line, used) = ([], 0)
                    }
                    if let last = line.last, last.role == piece.role {
                        line[line.count - 1].text.append(character)
                    } else {
                        line.append(StyledLine.Run(text: String(character), role: piece.role))
                    }
                    used += w
                }
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(StyledLine(line)) }
        return lines
    }

    /// Words of every span with their roles.
    private static func pieces(_ spans: [MarkdownSpan], base: StyleRole) -> [Piece] {
        var out: [Piece] = []
        var spaced = false
        for span in spans {
            let role: StyleRole = span.style == .plain || span.style == .code ? base : .accent
            var word = ""
            for character in Sanitizer.sanitizeLine(span.text) {
                if character == " " {
                    if !word.isEmpty { out.append(Piece(text: word, role: role, spaced: spaced)) }
                    (word, spaced) = ("", true)
                } else {
                    word.append(character)
                }
            }
            if !word.isEmpty {
                out.append(Piece(text: word, role: role, spaced: spaced))
                spaced = false
            }
        }
        return out
    }

    /// Groups pieces that touch (no space between) into units that wrap as one.
    private static func glue(_ pieces: [Piece]) -> [[Piece]] {
        var units: [[Piece]] = []
        for piece in pieces {
            if piece.spaced || units.isEmpty { units.append([piece]) } else { units[units.count - 1].append(piece) }
        }
        return units
    }
}
