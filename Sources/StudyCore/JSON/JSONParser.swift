import Foundation

/// A JSON syntax error with the line and column where parsing stopped.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based line of the offending character.
    public let line: Int
    /// 1-based column (in bytes) of the offending character.
    public let column: Int
    /// What was wrong there.
    public let reason: String

    public var description: String { "line \(line), column \(column): \(reason)" }
}

/// Parses JSON text into `JSONValue`. Lenient where real task files are: trailing commas in
/// arrays and objects, numbers with leading zeros, a member name given twice (the last wins) and a
/// byte order mark are accepted; `parseNoting` says where. Integers without fraction or exponent stay integers.
public struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    /// Where the text departs from strict JSON (RFC 8259), in order.
    private var leniencies: [JSONSyntaxError] = []

    /// Parses a whole document; trailing non-space text is an error.
    public static func parse(_ data: Data) throws(JSONSyntaxError) -> JSONValue {
        var p = JSONParser(bytes: [UInt8](data))
        return try p.parseDocument()
    }

    /// Parses a whole document and says where it departs from strict JSON (what `parse` accepts
    /// silently: a trailing comma, a leading zero, a member name given twice, a byte order mark).
    public static func parseNoting(_ data: Data) throws(JSONSyntaxError) -> (value: JSONValue, leniencies: [JSONSyntaxError]) {
        var p = JSONParser(bytes: [UInt8](data))
        let v = try p.parseDocument()
        return (v, p.leniencies)
    }

    private mutating func note(_ reason: String, at position: Int) { leniencies.append(error(reason, at: position)) }

    /// Parses a whole document given as a string.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        var p = JSONParser(bytes: Array(text.utf8))
        return try p.parseDocument()
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3; note("a byte order mark before the JSON text", at: 0) }
        skipSpace()
        if index >= bytes.count { throw error("the file is empty", at: 0) }
        let v = try parseValue()
        skipSpace()
        if index < bytes.count { throw error("unexpected text after the end of the JSON value") }
        return v
    }

    private func error(_ reason: String, at position: Int? = nil) -> JSONSyntaxError {
        let pos = min(position ?? index, bytes.count)
        var line = 1, lineStart = 0
        var i = 0
        while i < pos {
            if bytes[i] == 0x0A { line += 1; lineStart = i + 1 }
            i += 1
        }
        return JSONSyntaxError(line: line, column: pos - lineStart + 1, reason: reason)
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of file") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default:
            throw error("unexpected character '\(Character(Unicode.Scalar(bytes[index])))'")
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let start = index
        let w = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for b in w {
            guard index < bytes.count, bytes[index] == b else {
                throw error("invalid literal; expected '\(word)'", at: start)
            }
            index += 1
        }
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > 512 { throw error("nesting is deeper than 512 levels") }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [String: JSONValue] = [:]
        var comma = -1
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipSpace()
            guard index < bytes.count else { throw error("unexpected end of file inside an object") }
            if bytes[index] == UInt8(ascii: "}") {  // trailing comma
                note("a trailing comma before '}'", at: comma)
                index += 1
                return .object(members)
            }
            guard bytes[index] == UInt8(ascii: "\"") else { throw error("expected a quoted member name") }
            let keyStart = index
            let key = try parseString()
            if members[key] != nil { note("the member name \"\(key)\" is given twice (the last value is used)", at: keyStart) }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after member name \"\(key)\"")
            }
            index += 1
            skipSpace()
            members[key] = try parseValue()
            skipSpace()
            guard index < bytes.count else { throw error("unexpected end of file inside an object") }
            switch bytes[index] {
            case UInt8(ascii: ","): comma = index; index += 1
            case UInt8(ascii: "}"): index += 1; return .object(members)
            default: throw error("expected ',' or '}' after the value of \"\(key)\"")
            }
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var elements: [JSONValue] = []
        var comma = -1
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
        while true {
            skipSpace()
            guard index < bytes.count else { throw error("unexpected end of file inside an array") }
            if bytes[index] == UInt8(ascii: "]") {  // trailing comma
                note("a trailing comma before ']'", at: comma)
                index += 1
                return .array(elements)
            }
            elements.append(try parseValue())
            skipSpace()
            guard index < bytes.count else { throw error("unexpected end of file inside an array") }
            switch bytes[index] {
            case UInt8(ascii: ","): comma = index; index += 1
            case UInt8(ascii: "]"): index += 1; return .array(elements)
            default: throw error("expected ',' or ']' in an array")
            }
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = index
        index += 1
        var chunkStart = index
        var result: [UInt8] = []
        var escaped = false
        while index < bytes.count {
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                if !escaped { let s = String(decoding: bytes[chunkStart..<index], as: UTF8.self); index += 1; return s }
                result.append(contentsOf: bytes[chunkStart..<index])
                index += 1
                return String(decoding: result, as: UTF8.self)
            }
            if b < 0x20 { throw error("control character inside a string; escape it") }
            if b == UInt8(ascii: "\\") {
                escaped = true
                result.append(contentsOf: bytes[chunkStart..<index])
                index += 1
                guard index < bytes.count else { break }
                switch bytes[index] {
                case UInt8(ascii: "\""): result.append(0x22)
                case UInt8(ascii: "\\"): result.append(0x5C)
                case UInt8(ascii: "/"): result.append(0x2F)
                case UInt8(ascii: "b"): result.append(0x08)
                case UInt8(ascii: "f"): result.append(0x0C)
                case UInt8(ascii: "n"): result.append(0x0A)
                case UInt8(ascii: "r"): result.append(0x0D)
                case UInt8(ascii: "t"): result.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar), index + 2 < bytes.count,
                        bytes[index + 1] == UInt8(ascii: "\\"), bytes[index + 2] == UInt8(ascii: "u")
                    {
                        index += 2
                        let low = try hex4()
                        if (0xDC00..<0xE000).contains(low) {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        }
                    }
                    let u = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                    result.append(contentsOf: Array(String(u).utf8))
                default: throw error("invalid escape sequence in a string")
                }
                index += 1
                chunkStart = index
                continue
            }
            index += 1
        }
        throw error("unterminated string", at: start)
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 < bytes.count else { throw error("incomplete \\u escape") }
        var v: UInt32 = 0
        for k in 1...4 {
            let c = bytes[index + k]
            let d: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit in \\u escape")
            }
            v = v * 16 + d
        }
        index += 4
        return v
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        var isInteger = true
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let digitsStart = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        if index == digitsStart { throw error("invalid number", at: start) }
        if index - digitsStart > 1, bytes[digitsStart] == UInt8(ascii: "0") { note("a number with a leading zero", at: start) }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            let fracStart = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            if index == fracStart { throw error("invalid number: digits expected after '.'", at: start) }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            let expStart = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            if index == expStart { throw error("invalid number: digits expected in the exponent", at: start) }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let i = Int(text) { return .int(i) }
        guard let d = Double(text) else { throw error("invalid number", at: start) }
        return .double(d)
    }
}
