import Foundation

/// Reads a task file from disk and hands it to the first importer that accepts it.
public struct TaskFileLoader: Sendable {
    /// The importers tried in order; the last is the fallback.
    public var importers: [any TaskImporter]

    public init(importers: [any TaskImporter] = [SageTaskImporter()]) { self.importers = importers }

    /// Loads `path` (as the user wrote it, for messages).
    public func load(path: String) throws(TaskLoadError) -> LoadedTaskFile {
        try load(data: Self.read(path: path), file: FileReference(path: path))
    }

    /// The bytes of the task file at `path`, or the error a user sees for it.
    public static func read(path: String) throws(TaskLoadError) -> Data {
        do { return try FileBytes.read(path) } catch {
            let message = switch error {
            case .missing: "no such file"
            case .folder: "is a folder, not a task file"
            case .unreadable(let reason): "cannot be read: \(reason)"
            }
            throw TaskLoadError(diagnostics: [Diagnostic(.error, file: path, path: "", message: message)])
        }
    }

    /// Loads a document already in memory. A FHIR resource that is not strict JSON is read with a
    /// warning for each place (Sage files keep their lenient reading, without warnings).
    public func load(data: Data, file: FileReference) throws(TaskLoadError) -> LoadedTaskFile {
        let (json, strictness) = try Self.parseNoting(data, file: file)
        var loaded = try load(json: json, file: file)
        loaded.warnings = strictness + loaded.warnings
        return loaded
    }

    /// The JSON document in `data`, and for a FHIR resource (a document with `resourceType`) a
    /// warning for each place where it is not strict JSON, with its line and column.
    public static func parseNoting(_ data: Data, file: FileReference) throws(TaskLoadError) -> (json: JSONValue, warnings: [Diagnostic]) {
        do {
            let (json, leniencies) = try JSONParser.parseNoting(data)
            guard json["resourceType"] != nil else { return (json, []) }
            return (json, leniencies.map { l in
                Diagnostic(.warning, file: file.displayName, path: "line \(l.line), column \(l.column)",
                           message: "not strict JSON: \(l.reason); accepted here, but FHIR servers reject such a file")
            })
        } catch {
            throw TaskLoadError(diagnostics: [Diagnostic(.error, file: file.displayName,
                path: "line \(error.line), column \(error.column)", message: "invalid JSON: \(error.reason)")])
        }
    }

    /// The JSON document in `data`, or the syntax error with its line and column.
    public static func parse(_ data: Data, file: FileReference) throws(TaskLoadError) -> JSONValue {
        do { return try JSONParser.parse(data) } catch {
            throw TaskLoadError(diagnostics: [Diagnostic(.error, file: file.displayName,
                path: "line \(error.line), column \(error.column)", message: "invalid JSON: \(error.reason)")])
        }
    }

    /// Loads a document already parsed.
    public func load(json: JSONValue, file: FileReference) throws(TaskLoadError) -> LoadedTaskFile {
        guard let importer = importers.first(where: { $0.accepts(json) }) else {
            let kind = json["resourceType"]?.stringValue.map { "a FHIR \($0)" } ?? "this document"
            throw TaskLoadError(diagnostics: [Diagnostic(.error, file: file.displayName, path: "resourceType",
                message: "\(kind) is not a task StudyTerm can read")])
        }
        return try importer.importTask(from: json, file: file)
    }
}
