import Foundation

/// A JSON object read strictly: every member must be expected and of the right type, and the
/// first mistake throws a `KioskConfigurationError` with its JSON path.
struct StrictJSONObject {
    /// The object's members.
    let members: [String: JSONValue]
    /// Its JSON path (empty at the root).
    let path: String
    /// The file, for messages.
    let file: String

    /// Reads `value` as an object at `path`.
    init(_ value: JSONValue, path: String, file: String) throws(KioskConfigurationError) {
        guard case .object(let members) = value else {
            throw KioskConfigurationError(file: file, path: path, reason: "expected an object, found \(value.typeName)")
        }
        (self.members, self.path, self.file) = (members, path, file)
    }

    /// The path of a member.
    func path(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// An error at `key` (or at the object itself).
    func error(_ reason: String, at key: String? = nil) -> KioskConfigurationError {
        KioskConfigurationError(file: file, path: key.map(path) ?? path, reason: reason)
    }

    /// Throws for the first member (in sorted order) that is not in `allowed`.
    func onlyKeys(_ allowed: [String]) throws(KioskConfigurationError) {
        for key in members.keys.sorted() where !allowed.contains(key) {
            throw error("unknown key (expected one of: \(allowed.joined(separator: ", ")))", at: key)
        }
    }

    /// The member, when present and not null.
    func value(_ key: String) -> JSONValue? {
        guard let v = members[key], v != .null else { return nil }
        return v
    }

    /// A required member.
    func required(_ key: String) throws(KioskConfigurationError) -> JSONValue {
        guard let v = value(key) else { throw error("missing required key", at: key) }
        return v
    }

    /// A string member that is not empty, or nil when absent.
    func string(_ key: String) throws(KioskConfigurationError) -> String? {
        guard let v = value(key) else { return nil }
        guard case .string(let s) = v else { throw error("expected a string, found \(v.typeName)", at: key) }
        if s.trimmingCharacters(in: .whitespaces).isEmpty { throw error("must not be empty", at: key) }
        return s
    }

    /// A required non-empty string.
    func requiredString(_ key: String) throws(KioskConfigurationError) -> String {
        guard let s = try string(key) else { throw error("missing required key", at: key) }
        return s
    }

    /// A whole number in `range`, or nil when absent.
    func int(_ key: String, in range: ClosedRange<Int>, why: String = "") throws(KioskConfigurationError) -> Int? {
        guard let v = value(key) else { return nil }
        guard let n = v.intValue, v.doubleValue != nil else {
            throw error("expected a whole number, found \(v.typeName == "number" ? v.displayText : v.typeName)", at: key)
        }
        guard range.contains(n) else {
            let bound = n < range.lowerBound ? "at least \(range.lowerBound)" : "at most \(range.upperBound)"
            throw error("must be \(bound)\(why), found \(n)", at: key)
        }
        return n
    }

    /// A boolean, or nil when absent.
    func bool(_ key: String) throws(KioskConfigurationError) -> Bool? {
        guard let v = value(key) else { return nil }
        guard let b = v.boolValue else { throw error("expected true or false, found \(v.typeName)", at: key) }
        return b
    }

    /// One of an enum's raw values, or nil when absent.
    func choice<E: RawRepresentable & CaseIterable>(_ key: String, _ type: E.Type) throws(KioskConfigurationError) -> E?
    where E.RawValue == String {
        guard let s = try string(key) else { return nil }
        guard let e = E(rawValue: s) else {
            let names = E.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw error("\"\(s)\" is not one of \(names)", at: key)
        }
        return e
    }

    /// A member object.
    func object(_ key: String) throws(KioskConfigurationError) -> StrictJSONObject? {
        guard let v = value(key) else { return nil }
        return try StrictJSONObject(v, path: path(key), file: file)
    }

    /// A member array, or nil when absent.
    func array(_ key: String) throws(KioskConfigurationError) -> [JSONValue]? {
        guard let v = value(key) else { return nil }
        guard case .array(let items) = v else { throw error("expected an array, found \(v.typeName)", at: key) }
        return items
    }
}
