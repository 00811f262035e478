import Foundation

/// The readable text of a small HTML page (a Learn more page beside a task file): scripts, styles
/// and the head dropped, block ends and `<br>` as line breaks, list items as bullets, tags removed,
/// common entities decoded, runs of spaces collapsed, at most one blank line between blocks.
enum HTMLText {
    /// The text of `html`.
    static func text(of html: String) -> String {
        var s = html
        for element in ["head", "script", "style"] {
            s = s.replacingOccurrences(of: "<\(element)\\b[^>]*>.*?</\(element)\\s*>", with: " ",
                                       options: [.regularExpression, .caseInsensitive])
        }
        s = s.replacingOccurrences(of: "<!--.*?-->", with: " ", options: .regularExpression)
        s = s.replacingOccurrences(of: "\\s+", with: " ", options: .regularExpression)
        s = s.replacingOccurrences(of: "<br\\s*/?>", with: "\n", options: [.regularExpression, .caseInsensitive])
        s = s.replacingOccurrences(of: "<li\\b[^>]*>", with: "\n• ", options: [.regularExpression, .caseInsensitive])
        s = s.replacingOccurrences(of: "</?(p|div|h[1-6]|ul|ol|table|tr|section|article|header|footer|blockquote)\\b[^>]*>",
                                   with: "\n\n", options: [.regularExpression, .caseInsensitive])
        s = s.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
        s = decodeEntities(s)
        let lines = s.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        var out: [String] = []
        for line in lines where !(line.isEmpty && (out.last?.isEmpty ?? true)) { out.append(line) }
        while out.last?.isEmpty == true { out.removeLast() }
        return out.joined(separator: "\n")
    }

    /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#39;`, `&nbsp;` and numeric references.
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " "]
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            if let semi = after.prefix(10).firstIndex(of: ";") {
                let name = String(after[..<semi])
                var value: String?
                if let v = named[name.lowercased()] {
                    value = v
                } else if name.hasPrefix("#") {
                    let digits = name.dropFirst()
                    let code = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
                    value = code.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
                }
                if let value {
                    out += value
                    rest = after[after.index(after: semi)...]
                    continue
                }
            }
            out += "&"
            rest = after
        }
        return out + rest
    }
}
