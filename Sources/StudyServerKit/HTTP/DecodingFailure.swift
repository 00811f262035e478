import Foundation

/// A `DecodingError` in words: the JSON path of the field and what was expected. The value
/// itself is never repeated.
struct DecodingFailure: Equatable {
    /// The field's path (`items[3].id`), nil for the whole body.
    var field: String?
    /// One sentence.
    var message: String

    /// Describes `error`.
    init(_ error: DecodingError) {
        switch error {
        case .keyNotFound(let key, let context):
            let path = Self.path(context.codingPath + [key])
            field = path
            message = "Missing field \(path)."
        case .typeMismatch(let type, let context):
            field = Self.path(context.codingPath)
            message = "\(field ?? "The body") has the wrong type: expected \(Self.name(of: type))."
        case .valueNotFound(let type, let context):
            field = Self.path(context.codingPath)
            message = "\(field ?? "The body") is null: expected \(Self.name(of: type))."
        case .dataCorrupted(let context):
            field = context.codingPath.isEmpty ? nil : Self.path(context.codingPath)
            message = "\(field ?? "The body") has an invalid value\(Self.hint(context.debugDescription))."
        @unknown default:
            field = nil
            message = "The body does not match the expected JSON."
        }
    }

    /// `items[3].id` from coding keys.
    static func path(_ keys: [any CodingKey]) -> String {
        var out = ""
        for key in keys {
            if let index = key.intValue, key.stringValue == "Index \(index)" || key.stringValue == String(index) {
                out += "[\(index)]"
            } else {
                out += out.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return out.isEmpty ? "(body)" : out
    }

    /// A reader's name for a Swift type.
    static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type, is Double.Type: "a number"
        case is Bool.Type: "true or false"
        case is [Any].Type: "an array"
        case is [String: Any].Type: "an object"
        default: "a JSON \(String(describing: type).contains("Array") ? "array" : "object")"
        }
    }

    /// What the decoder expected, when its description says so (never the value).
    static func hint(_ description: String) -> String {
        if description.contains("UUID") { return ": expected a UUID" }
        if description.contains("ISO 8601") { return ": expected an ISO 8601 date-time" }
        if description.contains("Cannot initialize") { return ": not one of the allowed values" }
        return ""
    }
}
