import Foundation

/// Collects diagnostics while a file is decoded, so every problem is reported, not just the first.
final class DiagnosticSink {
    private(set) var diagnostics: [Diagnostic] = []
    /// Files being loaded, to guard against resource cycles. Kept as references and compared as
    /// standardized URLs only when a resource is loaded: most tasks have none, and the first URL
    /// standardization costs more than reading a small task.
    var loadingStack: [FileReference] = []

    func add(_ d: Diagnostic) { diagnostics.append(d) }
    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// A JSON value at a known place in a known file, with typed accessors that report mistakes.
struct JSONNode {
    let value: JSONValue
    let path: String
    let file: FileReference
    let sink: DiagnosticSink

    /// The path of a member.
    func path(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func error(_ message: String, at key: String? = nil) {
        sink.add(Diagnostic(.error, file: file.displayName, path: key.map(path) ?? path, message: message))
    }

    func warning(_ message: String, at key: String? = nil) {
        sink.add(Diagnostic(.warning, file: file.displayName, path: key.map(path) ?? path, message: message))
    }

    /// True when the member is present and not null.
    func has(_ key: String) -> Bool { value[key] != nil && value[key] != .null }

    /// The member as a node, when present and not null.
    func member(_ key: String) -> JSONNode? {
        guard let v = value[key], v != .null else { return nil }
        return JSONNode(value: v, path: path(key), file: file, sink: sink)
    }

    /// A string member; a wrong type is an error.
    func string(_ key: String, required: Bool = false) -> String? {
        guard let v = value[key], v != .null else {
            if required { error("missing required \"\(key)\"", at: key) }
            return nil
        }
        guard case .string(let s) = v else {
            error("expected a string, found \(v.typeName)", at: key)
            return nil
        }
        return s
    }

    /// A number member; a wrong type is an error.
    func number(_ key: String, required: Bool = false) -> Double? {
        guard let v = value[key], v != .null else {
            if required { error("missing required \"\(key)\"", at: key) }
            return nil
        }
        if let d = v.doubleValue { return d }
        if case .string(let s) = v, let d = Double(s) {
            warning("a number written as a string (\"\(s)\")", at: key)
            return d
        }
        error("expected a number, found \(v.typeName)", at: key)
        return nil
    }

    /// A whole-number member.
    func int(_ key: String) -> Int? {
        guard let d = number(key) else { return nil }
        guard d.rounded() == d, abs(d) < 1e15 else {
            error("expected a whole number, found \(JSONValue.format(d))", at: key)
            return nil
        }
        return Int(d)
    }

    /// A Boolean member; "true"/"false" strings are accepted with a warning.
    func bool(_ key: String) -> Bool? {
        guard let v = value[key], v != .null else { return nil }
        if case .bool(let b) = v { return b }
        if case .string(let s) = v, s == "true" || s == "false" {
            warning("a Boolean written as a string (\"\(s)\")", at: key)
            return s == "true"
        }
        error("expected true or false, found \(v.typeName)", at: key)
        return nil
    }

    /// The elements of an array member as nodes.
    func array(_ key: String, required: Bool = false) -> [JSONNode]? {
        guard let v = value[key], v != .null else {
            if required { error("missing required \"\(key)\"", at: key) }
            return nil
        }
        guard case .array(let items) = v else {
            error("expected an array, found \(v.typeName)", at: key)
            return nil
        }
        let base = path(key)
        return items.enumerated().map { JSONNode(value: $1, path: "\(base)[\($0)]", file: file, sink: sink) }
    }

    /// This node's elements when it is an array.
    func elements() -> [JSONNode]? {
        guard case .array(let items) = value else { return nil }
        return items.enumerated().map { JSONNode(value: $1, path: "\(path)[\($0)]", file: file, sink: sink) }
    }

    /// An array of strings.
    func strings(_ key: String) -> [String]? {
        guard let items = array(key) else { return nil }
        var out: [String] = []
        for item in items {
            if case .string(let s) = item.value { out.append(s) } else { item.error("expected a string, found \(item.value.typeName)") }
        }
        return out
    }

    /// An object member as a node; a wrong type is an error.
    func object(_ key: String, required: Bool = false) -> JSONNode? {
        guard let v = value[key], v != .null else {
            if required { error("missing required \"\(key)\"", at: key) }
            return nil
        }
        guard case .object = v else {
            error("expected an object, found \(v.typeName)", at: key)
            return nil
        }
        return JSONNode(value: v, path: path(key), file: file, sink: sink)
    }

    /// This node's members when it is an object, else an error.
    func requireObject(_ what: String) -> [String: JSONValue]? {
        guard case .object(let o) = value else {
            error("expected \(what) to be an object, found \(value.typeName)")
            return nil
        }
        return o
    }
}
