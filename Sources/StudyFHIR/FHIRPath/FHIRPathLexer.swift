/// One token of a FHIRPath expression.
enum FHIRPathToken: Equatable {
    case identifier(String)
    case string(String)
    case integer(Int)
    case decimal(Double)
    case temporal(String)
    case external(String)
    case special(String)
    case symbol(String)
    case end
}

/// Splits FHIRPath text into tokens.
struct FHIRPathLexer {
    private let chars: [Character]
    private var i = 0
    private let text: String
    /// Set when a `/*` comment runs to the end of the text.
    private var unterminatedComment = false

    /// Prepares to read `text`.
    init(_ text: String) {
        self.text = text
        chars = Array(text)
    }

    /// All tokens with the character offset each starts at, ending with `.end`.
    static func tokens(_ text: String) throws(FHIRPathError) -> [(token: FHIRPathToken, offset: Int)] {
        var lexer = FHIRPathLexer(text)
        var out: [(token: FHIRPathToken, offset: Int)] = []
        while true {
            lexer.skipSpaceAndComments()
            if lexer.unterminatedComment { throw lexer.fail("unterminated /* comment") }
            let start = lexer.i
            let t = try lexer.next()
            out.append((t, start))
            if t == .end { return out }
        }
    }

    private func fail(_ reason: String) -> FHIRPathError { FHIRPathError(expression: text, reason: reason, position: i) }

    private mutating func next() throws(FHIRPathError) -> FHIRPathToken {
        guard i < chars.count else { return .end }
        let c = chars[i]
        if c.isLetter || c == "_" { return .identifier(word()) }
        if c.isNumber { return number() }
        switch c {
        case "'": return .string(try quoted("'"))
        case "`": return .identifier(try quoted("`"))
        case "%":
            i += 1
            guard i < chars.count else { throw fail("'%' without a name") }
            if chars[i] == "`" { return .external(try quoted("`")) }
            if chars[i] == "'" { return .external(try quoted("'")) }
            let name = word()
            if name.isEmpty { throw fail("'%' without a name") }
            return .external(name)
        case "$":
            i += 1
            return .special(word())
        case "@":
            i += 1
            var s = ""
            while i < chars.count, chars[i].isNumber || "-:T+Z".contains(chars[i])
                || (chars[i] == "." && i + 1 < chars.count && chars[i + 1].isNumber)  // a fraction of seconds, not `.is()`
            { s.append(chars[i]); i += 1 }
            return .temporal(s)
        default: break
        }
        for op in ["<=", ">=", "!=", "!~"] where starts(with: op) {
            i += 2
            return .symbol(op)
        }
        if "+-*/&|=~<>().,[]{}".contains(c) {
            i += 1
            return .symbol(String(c))
        }
        throw fail("unexpected character '\(c)'")
    }

    private func starts(with s: String) -> Bool {
        let a = Array(s)
        return i + a.count <= chars.count && Array(chars[i..<i + a.count]) == a
    }

    private mutating func skipSpaceAndComments() {
        while i < chars.count {
            if chars[i].isWhitespace { i += 1 }
            else if starts(with: "//") { while i < chars.count, !chars[i].isNewline { i += 1 } }
            else if starts(with: "/*") {
                i += 2
                while i < chars.count, !starts(with: "*/") { i += 1 }
                if i >= chars.count { unterminatedComment = true; return }
                i += 2
            } else { return }
        }
    }

    private mutating func word() -> String {
        var s = ""
        while i < chars.count, chars[i].isLetter || chars[i].isNumber || chars[i] == "_" { s.append(chars[i]); i += 1 }
        return s
    }

    private mutating func number() -> FHIRPathToken {
        var s = ""
        while i < chars.count, chars[i].isNumber { s.append(chars[i]); i += 1 }
        if i + 1 < chars.count, chars[i] == ".", chars[i + 1].isNumber {
            s.append(".")
            i += 1
            while i < chars.count, chars[i].isNumber { s.append(chars[i]); i += 1 }
            return .decimal(Double(s) ?? 0)
        }
        return Int(s).map { .integer($0) } ?? .decimal(Double(s) ?? 0)
    }

    private mutating func quoted(_ q: Character) throws(FHIRPathError) -> String {
        i += 1
        var s = ""
        while i < chars.count {
            let c = chars[i]
            if c == q { i += 1; return s }
            if c == "\\", i + 1 < chars.count {
                i += 1
                switch chars[i] {
                case "n": s.append("\n")
                case "t": s.append("\t")
                case "r": s.append("\r")
                case "f": s.append("\u{0C}")
                case "u":
                    let hex = String(chars[min(i + 1, chars.count)..<min(i + 5, chars.count)])
                    if let v = UInt32(hex, radix: 16), let u = Unicode.Scalar(v) { s.unicodeScalars.append(u); i += 4 }
                default: s.append(chars[i])
                }
                i += 1
                continue
            }
            s.append(c)
            i += 1
        }
        throw fail("unterminated \(q == "'" ? "string" : "quoted identifier")")
    }
}
