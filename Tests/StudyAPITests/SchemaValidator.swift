import Foundation

/// A small JSON Schema checker for the subset `openapi.json` uses ($ref, type, required,
/// properties, additionalProperties, items, enum, pattern, lengths, maxItems, formats uuid and
/// date-time). Returns every violation with its path.
struct SchemaValidator {
    /// The whole OpenAPI document.
    let document: [String: Any]

    /// Loads `Sources/StudyAPI/openapi.json` from the checkout.
    static func load() throws -> SchemaValidator {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let data = try Data(contentsOf: root.appendingPathComponent("Sources/StudyAPI/openapi.json"))
        return SchemaValidator(document: try JSONSerialization.jsonObject(with: data) as! [String: Any])
    }

    /// The named schema of `components.schemas`.
    func schema(_ name: String) -> [String: Any]? {
        ((document["components"] as? [String: Any])?["schemas"] as? [String: Any])?[name] as? [String: Any]
    }

    /// Every schema name.
    var schemaNames: [String] {
        (((document["components"] as? [String: Any])?["schemas"] as? [String: Any])?.keys).map { Array($0).sorted() } ?? []
    }

    /// The violations of `value` (parsed JSON) against `schema`.
    func violations(of value: Any, against schema: [String: Any], at path: String = "$") -> [String] {
        if let ref = schema["$ref"] as? String {
            guard let target = self.schema(String(ref.split(separator: "/").last ?? "")) else { return ["\(path): unresolved \(ref)"] }
            return violations(of: value, against: target, at: path)
        }
        var problems: [String] = []
        if let type = schema["type"] as? String, !Self.matches(value, type: type) {
            return ["\(path): expected \(type), got \(Swift.type(of: value))"]
        }
        if let allowed = schema["enum"] as? [String], let string = value as? String, !allowed.contains(string) {
            problems.append("\(path): \(string) not in \(allowed)")
        }
        if let string = value as? String {
            if let pattern = schema["pattern"] as? String, string.range(of: pattern, options: .regularExpression) == nil {
                problems.append("\(path): does not match \(pattern)")
            }
            if let max = schema["maxLength"] as? Int, string.count > max { problems.append("\(path): longer than \(max)") }
            if let min = schema["minLength"] as? Int, string.count < min { problems.append("\(path): shorter than \(min)") }
            if schema["format"] as? String == "uuid", UUID(uuidString: string) == nil { problems.append("\(path): not a uuid") }
            if schema["format"] as? String == "date-time", ISO8601DateFormatter.lenient(string) == nil {
                problems.append("\(path): not a date-time")
            }
        }
        if let object = value as? [String: Any] {
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for name in schema["required"] as? [String] ?? [] where object[name] == nil { problems.append("\(path).\(name): missing") }
            for (key, child) in object {
                if let property = properties[key] as? [String: Any] {
                    problems += violations(of: child, against: property, at: "\(path).\(key)")
                } else if schema["additionalProperties"] as? Bool == false {
                    problems.append("\(path).\(key): not in the schema")
                }
            }
        }
        if let array = value as? [Any] {
            if let max = schema["maxItems"] as? Int, array.count > max { problems.append("\(path): more than \(max) items") }
            if let items = schema["items"] as? [String: Any] {
                for (i, element) in array.enumerated() { problems += violations(of: element, against: items, at: "\(path)[\(i)]") }
            }
        }
        return problems
    }

    /// JSON Schema's type test on a `JSONSerialization` value.
    static func matches(_ value: Any, type: String) -> Bool {
        switch type {
        case "object": return value is [String: Any]
        case "array": return value is [Any]
        case "string": return value is String
        case "boolean": return (value as? NSNumber).map { String(cString: $0.objCType) == "c" } ?? false
        case "integer", "number": return value is NSNumber && !matches(value, type: "boolean")
        default: return false
        }
    }
}

extension ISO8601DateFormatter {
    /// Parses RFC 3339 with or without fractional seconds.
    static func lenient(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }
}
