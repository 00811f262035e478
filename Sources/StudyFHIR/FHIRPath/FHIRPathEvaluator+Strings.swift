import Foundation
import StudyCore

extension FHIRPathEvaluator {
    /// String functions beyond the basic ones (`indexOf`, `toChars`, `split`, `replaceMatches`,
    /// `encode`, `escape`...); nil when `name` is none of them.
    func callStrings(_ name: String, input: [FHIRPathItem], args: [FHIRPathExpression], outer: Focus) throws(FHIRPathError) -> [FHIRPathItem]? {
        func stringArg(_ i: Int) throws(FHIRPathError) -> String? { try single(try eval(args[i], outer), "\(name)()")?.text }
        func text() throws(FHIRPathError) -> String? {
            guard let v = try single(input, "\(name)()") else { return nil }
            guard let s = v.text else { throw fail("\(name)() needs a string") }
            return s
        }
        func one(_ v: FHIRPathValue?) -> [FHIRPathItem] { v.map { [FHIRPathItem($0)] } ?? [] }
        switch name {
        case "indexOf", "lastIndexOf":
            guard let s = try text(), let p = try stringArg(0) else { return [] }
            if p.isEmpty { return one(.integer(name == "indexOf" ? 0 : s.count)) }
            guard let r = name == "indexOf" ? s.range(of: p) : s.range(of: p, options: .backwards) else { return one(.integer(-1)) }
            return one(.integer(s.distance(from: s.startIndex, to: r.lowerBound)))
        case "toChars":
            guard let s = try text() else { return [] }
            return s.map { FHIRPathItem(.string(String($0))) }
        case "split":
            guard let s = try text(), let sep = try stringArg(0) else { return [] }
            if sep.isEmpty { return s.map { FHIRPathItem(.string(String($0))) } }
            return s.components(separatedBy: sep).map { FHIRPathItem(.string($0)) }
        case "replaceMatches":
            guard let s = try text(), let pattern = try stringArg(0), let with = try stringArg(1) else { return [] }
            if pattern.isEmpty { return one(.string(s)) }  // an empty pattern matches nothing to replace
            guard let re = try? NSRegularExpression(pattern: pattern) else { throw fail("invalid regular expression \(pattern)") }
            let template = with.replacingOccurrences(of: #"\$\{(\w+)\}"#, with: "\\${$1}", options: .regularExpression)
            return one(.string(re.stringByReplacingMatches(in: s, range: NSRange(s.startIndex..., in: s), withTemplate: template)))
        case "matchesFull":
            guard let s = try text(), let pattern = try stringArg(0) else { return [] }
            return bool(try Self.matches(s, "^(?:" + pattern + ")$"))
        case "encode", "decode":
            guard let s = try text(), let format = try stringArg(0) else { return [] }
            return one((name == "encode" ? Self.encode(s, format) : Self.decode(s, format)).map { .string($0) })
        case "escape", "unescape":
            guard let s = try text(), let format = try stringArg(0) else { return [] }
            return one((name == "escape" ? Self.escape(s, format) : Self.unescape(s, format)).map { .string($0) })
        default: return nil
        }
    }

    static func encode(_ s: String, _ format: String) -> String? {
        let data = Data(s.utf8)
        switch format {
        case "base64": return data.base64EncodedString()
        case "urlbase64": return data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        case "hex": return data.map { String(format: "%02x", $0) }.joined()
        default: return nil
        }
    }

    static func decode(_ s: String, _ format: String) -> String? {
        switch format {
        case "base64": return Data(base64Encoded: s).flatMap { String(data: $0, encoding: .utf8) }
        case "urlbase64":
            let b = s.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            return Data(base64Encoded: b).flatMap { String(data: $0, encoding: .utf8) }
        case "hex":
            guard s.count % 2 == 0 else { return nil }
            var bytes: [UInt8] = []
            var i = s.startIndex
            while i < s.endIndex {
                let j = s.index(i, offsetBy: 2)
                guard let b = UInt8(s[i..<j], radix: 16) else { return nil }
                bytes.append(b)
                i = j
            }
            return String(bytes: bytes, encoding: .utf8)
        default: return nil
        }
    }

    static func escape(_ s: String, _ format: String) -> String? {
        switch format {
        case "html":
            return s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&#39;")
        case "json":
            return s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: "\\t").replacingOccurrences(of: "\r", with: "\\r")
        default: return nil
        }
    }

    static func unescape(_ s: String, _ format: String) -> String? {
        switch format {
        case "html":
            return s.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
        case "json":
            return s.replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\n", with: "\n")
                .replacingOccurrences(of: "\\t", with: "\t").replacingOccurrences(of: "\\r", with: "\r").replacingOccurrences(of: "\\\\", with: "\\")
        default: return nil
        }
    }
}
