import Foundation

extension JSONValue: Codable {
    /// Decodes any JSON value through a `Decoder`.
    public init(from decoder: Decoder) throws {
        // Each kind is tried in turn, and a JSONDecoder makes a failed try costly (an error with
        // its coding path): the kinds a result is mostly made of (strings, objects) come first.
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let o = try? c.decode([String: JSONValue].self) { self = .object(o) }
        else if let a = try? c.decode([JSONValue].self) { self = .array(a) }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let i = try? c.decode(Int.self) { self = .int(i) }
        else { self = .double(try c.decode(Double.self)) }
    }

    /// Encodes the value through an `Encoder`.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case .bool(let b): try c.encode(b)
        case .int(let i): try c.encode(i)
        case .double(let d): try c.encode(d)
        case .string(let s): try c.encode(s)
        case .array(let a): try c.encode(a)
        case .object(let o): try c.encode(o)
        }
    }
}

extension JSONValue {
    /// Compact JSON text with sorted keys (stable for tests and hashing).
    public var compactJSON: String {
        var out = ""
        JSONWriter.write(self, into: &out, indent: nil, level: 0)
        return out
    }

    /// Pretty JSON text with sorted keys and two-space indentation.
    public var prettyJSON: String {
        var out = ""
        JSONWriter.write(self, into: &out, indent: "  ", level: 0)
        return out
    }
}

/// Writes `JSONValue` as text; faster than JSONEncoder and keeps ints as ints.
enum JSONWriter {
    static func write(_ v: JSONValue, into out: inout String, indent: String?, level: Int) {
        switch v {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .double(let d):
            if d.isFinite {
                out += d.rounded() == d && abs(d) < 1e15 ? String(Int(d)) + ".0" : String(d)
            } else {
                writeString(d.isNaN ? "NaN" : (d > 0 ? "Infinity" : "-Infinity"), into: &out)
            }
        case .string(let s): writeString(s, into: &out)
        case .array(let a):
            if a.isEmpty { out += "[]"; return }
            out += "["
            for (i, e) in a.enumerated() {
                if i > 0 { out += "," }
                newline(&out, indent, level + 1)
                write(e, into: &out, indent: indent, level: level + 1)
            }
            newline(&out, indent, level)
            out += "]"
        case .object(let o):
            if o.isEmpty { out += "{}"; return }
            out += "{"
            for (i, key) in o.keys.sorted().enumerated() {
                if i > 0 { out += "," }
                newline(&out, indent, level + 1)
                writeString(key, into: &out)
                out += indent == nil ? ":" : ": "
                write(o[key]!, into: &out, indent: indent, level: level + 1)
            }
            newline(&out, indent, level)
            out += "}"
        }
    }

    private static func newline(_ out: inout String, _ indent: String?, _ level: Int) {
        guard let indent else { return }
        out += "\n"
        for _ in 0..<level { out += indent }
    }

    static func writeString(_ s: String, into out: inout String) {
        out += "\""
        // Printable ASCII without a quote or backslash (most keys, ids and dates) is written as it is,
        // in one append; anything else goes scalar by scalar.
        if s.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) {
            out += s
            out += "\""
            return
        }
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            // Every control (C0, DEL, C1), line separator and bidirectional override is written
            // as \\u: the same string when parsed, and never a raw control on a terminal that shows it.
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x2028...0x202E).contains(scalar.value)
                || (0x2066...0x2069).contains(scalar.value):
                out += "\\u" + String(format: "%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
