import Foundation

extension TextWidth {
    /// `text` cut to at most `width` columns, ending in `ellipsis` when something was cut.
    ///
    /// A wide character that would straddle the limit is left out, so the result may be one
    /// column narrower than `width`. When even the ellipsis does not fit, the text is cut bare.
    public static func truncate(_ text: String, to width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        if self.width(of: text) <= width { return text }
        let ellipsisWidth = self.width(of: ellipsis)
        let room = ellipsisWidth < width ? width - ellipsisWidth : width
        var kept = ""
        var used = 0
        for character in text {
            let w = self.width(of: character)
            if used + w > room { break }
            kept.append(character)
            used += w
        }
        return ellipsisWidth < width ? kept + ellipsis : kept
    }

    /// `count` spaces (none when `count` is not positive), written as bytes: the standard
    /// library's `String(repeating:count:)` goes through generic code that costs more than
    /// drawing the rest of a text box.
    public static func spaces(_ count: Int) -> String {
        guard count > 0 else { return "" }
        return String(unsafeUninitializedCapacity: count) { buffer in
            buffer.initialize(repeating: 0x20)
            return count
        }
    }

    /// `text` made exactly `width` columns wide: truncated with an ellipsis, then space-padded.
    public static func pad(_ text: String, to width: Int, alignment: TextAlignment = .leading) -> String {
        guard width > 0 else { return "" }
        if alignment == .leading, let padded = padPrintableASCII(text, to: width) { return padded }
        let fitted = truncate(text, to: width)
        let gap = width - self.width(of: fitted)
        switch alignment {
        case .leading: return fitted + spaces(gap)
        case .trailing: return spaces(gap) + fitted
        case .center:
            let before = gap / 2
            return spaces(before) + fitted
                + spaces(gap - before)
        }
    }

    /// `text` and then spaces to `width` columns, built in one allocation, when `text` is
    /// printable ASCII that fits (a text box at every key); nil otherwise.
    private static func padPrintableASCII(_ text: String, to width: Int) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            guard bytes.count <= width, bytes.allSatisfy(isPrintableASCII) else { return nil }
            return String(unsafeUninitializedCapacity: width) { buffer in
                _ = buffer.initialize(fromContentsOf: bytes)
                buffer[bytes.count...].initialize(repeating: 0x20)
                return width
            }
        }
    }

    /// `text` broken into lines of at most `width` columns.
    ///
    /// Newlines end paragraphs (an empty paragraph gives an empty line). Lines break at spaces;
    /// between wide (CJK) characters a line may break anywhere; a word longer than the width is
    /// split between characters. Spaces at a break are dropped.
    public static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        if text.utf8.count <= width, text.utf8.first != 0x20, text.utf8.last != 0x20, isPrintableASCII(text) {
            return [text]                                   // one short line, no spaces to drop at its ends
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
            wrapParagraph(Substring($0), width: width)
        }
    }

    /// `text` with every line wider than `width` broken between words, each piece keeping the
    /// line's indentation (a line indented by half the width or more is left as it is). Wrapping
    /// text already wrapped to `width` changes nothing. Line mode's rule for the terminal.
    public static func wrapIndented(_ text: String, width: Int) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let indent = line.prefix { $0 == " " }.count
            guard self.width(of: String(line)) > width, indent < width / 2 else { return String(line) }
            let pad = spaces(indent)
            return wrap(String(line.dropFirst(indent)), width: width - indent).map { pad + $0 }.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// One paragraph wrapped greedily over its break opportunities.
    private static func wrapParagraph(_ paragraph: Substring, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for token in breakTokens(paragraph) {
            let tokenWidth = self.width(of: token.text)
            let gapWidth = lineWidth == 0 ? 0 : token.gap
            if lineWidth + gapWidth + tokenWidth <= width {
                if gapWidth > 0 { line += spaces(gapWidth) }
                line += token.text
                lineWidth += gapWidth + tokenWidth
                continue
            }
            if lineWidth > 0 { lines.append(line) }
            (line, lineWidth) = ("", 0)
            for character in token.text {                   // hard-split an over-long word
                let w = self.width(of: character)
                if lineWidth + w > width, lineWidth > 0 {
                    lines.append(line)
                    (line, lineWidth) = ("", 0)
                }
                line.append(character)
                lineWidth += w
            }
        }
        lines.append(line)
        return lines
    }

    /// A piece of text that must not be broken inside, with the spaces before it.
    private struct BreakToken {
        var gap: Int
        var text: String
    }

    /// Words split at spaces, with every wide character a token of its own.
    private static func breakTokens(_ paragraph: Substring) -> [BreakToken] {
        var tokens: [BreakToken] = []
        var gap = 0
        var word = ""
        func flush() {
            guard !word.isEmpty else { return }
            tokens.append(BreakToken(gap: gap, text: word))
            (gap, word) = (0, "")
        }
        for character in paragraph {
            if character == " " {
                flush()
                gap += 1
            } else if width(of: character) == 2 {
                flush()
                tokens.append(BreakToken(gap: gap, text: String(character)))
                gap = 0
            } else {
                word.append(character)
            }
        }
        flush()
        return tokens
    }
}
