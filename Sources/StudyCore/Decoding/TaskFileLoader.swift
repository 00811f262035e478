import Foundation

/// Reads a task file from disk and hands it to the first importer that accepts it.
public struct TaskFileLoader: Sendable {
    /// The importers tried in order; the last is the fallback.
    public var importers: [any TaskImporter]

    public init(importers: [any TaskImporter] = [SageTaskImporter()]) { self.importers = importers }

    /// Loads `path` (as the user wrote it, for messages).
    public func load(path: String) throws(TaskLoadError) -> LoadedTaskFile {
        let url = URL(fileURLWithPath: path)
        let ref = FileReference(url: url, displayName: path)
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) else {
            throw TaskLoadError(diagnostics: [Diagnostic(.error, file: path, path: "", message: "no such file")])
        }
        if isDir.boolValue {
            throw TaskLoadError(diagnostics: [Diagnostic(.error, file: path, path: "", message: "is a folder, not a task file")])
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw TaskLoadError(diagnostics: [Diagnostic(.error, file: path, path: "", message: "cannot be read: \(error.localizedDescription)")])
        }
        return try load(data: data, file: ref)
    }

    /// Loads a document already in memory.
    public func load(data: Data, file: FileReference) throws(TaskLoadError) -> LoadedTaskFile {
        let json: JSONValue
        do { json = try JSONParser.parse(data) } catch {
            throw TaskLoadError(diagnostics: [Diagnostic(.error, file: file.displayName,
                path: "line \(error.line), column \(error.column)", message: "invalid JSON: \(error.reason)")])
        }
        guard let importer = importers.first(where: { $0.accepts(json) }) else {
            let kind = json["resourceType"]?.stringValue.map { "a FHIR \($0)" } ?? "this document"
            throw TaskLoadError(diagnostics: [Diagnostic(.error, file: file.displayName, path: "resourceType",
                message: "\(kind) is not a task StudyTerm can read")])
        }
        return try importer.importTask(from: json, file: file)
    }
}
