import Foundation

/// Splits a block's text into styled spans: `**strong**`, `*em*`, `_em_`, `` `code` ``,
/// `[label](url)` and backslash escapes. A marker without its closing partner stays literal.
struct InlineScanner {
    private let chars: [Character]
    private var index = 0
    private var output: [MarkdownSpan] = []
    private var plain = ""

    /// A scanner over one block's characters.
    init(_ chars: [Character]) {
        self.chars = chars
    }

    /// The spans, adjacent plain text merged.
    mutating func spans() -> [MarkdownSpan] {
        while index < chars.count {
            let c = chars[index]
            if c == "\\", index + 1 < chars.count, "\\`*_[]()#-+!".contains(chars[index + 1]) {
                plain.append(chars[index + 1])
                index += 2
            } else if c == "`", let end = find("`", from: index + 1) {
                emit(String(chars[(index + 1)..<end]), .code, next: end + 1)
            } else if c == "[", let link = link(at: index) {
                emit(link.text, .link, next: link.next)
            } else if (c == "*" || c == "_"), let styled = emphasis(at: index) {
                emit(styled.text, styled.style, next: styled.next)
            } else {
                plain.append(c)
                index += 1
            }
        }
        flushPlain()
        return output
    }

    /// Adds a styled span and moves on.
    private mutating func emit(_ text: String, _ style: MarkdownSpan.Style, next: Int) {
        flushPlain()
        if !text.isEmpty { output.append(MarkdownSpan(text, style)) }
        index = next
    }

    /// Ends the current plain run.
    private mutating func flushPlain() {
        guard !plain.isEmpty else { return }
        output.append(MarkdownSpan(plain))
        plain = ""
    }

    /// The index of `marker` (a sequence of characters) at or after `from`.
    private func find(_ marker: String, from: Int) -> Int? {
        let m = Array(marker)
        var i = from
        while i + m.count <= chars.count {
            if Array(chars[i..<(i + m.count)]) == m { return i }
            i += 1
        }
        return nil
    }

    /// `[label](url)` starting at `start`: shown as `label (url)`, or just `url` when they match.
    private func link(at start: Int) -> (text: String, next: Int)? {
        guard let close = find("]", from: start + 1), close + 1 < chars.count, chars[close + 1] == "(",
              let end = find(")", from: close + 2) else { return nil }
        let label = String(chars[(start + 1)..<close]), url = String(chars[(close + 2)..<end])
        if url.isEmpty { return (label, end + 1) }
        return (label.isEmpty || label == url ? url : "\(label) (\(url))", end + 1)
    }

    /// `**x**`/`__x__` (strong) or `*x*`/`_x_` (emphasis) at `start`, when closed on the same block.
    /// Underscores inside words (`snake_case`) are not markers.
    private func emphasis(at start: Int) -> (text: String, style: MarkdownSpan.Style, next: Int)? {
        let c = chars[start]
        if c == "_", start > 0, chars[start - 1].isLetter || chars[start - 1].isNumber { return nil }
        let double = start + 1 < chars.count && chars[start + 1] == c
        let marker = String(repeating: c, count: double ? 2 : 1)
        let open = start + marker.count
        guard open < chars.count, chars[open] != " ", let close = find(marker, from: open + 1),
              chars[close - 1] != " " else { return nil }
        return (String(chars[open..<close]), double ? .strong : .emphasis, close + marker.count)
    }
}
