import Foundation

/// Reads a study definition: a `study.json` file, or a folder holding one, with task files beside it.
/// Every problem is reported with the file, the JSON path and the reason; task files that fail to
/// load are reported with their own errors.
public struct StudyDefinitionLoader: Sendable {
    /// The definition file's name inside a study folder.
    public static let fileName = "study.json"

    /// Loads the task files the definition names (give it every importer the app has).
    public var taskLoader: TaskFileLoader

    /// A loader that checks task sources with `taskLoader`.
    public init(taskLoader: TaskFileLoader = TaskFileLoader()) {
        self.taskLoader = taskLoader
    }

    /// Loads `path` (a `study.json` file or a folder holding one; written as the user gave it, for messages).
    public func load(path: String) throws(TaskLoadError) -> LoadedStudy {
        var isDir: ObjCBool = false
        let url = URL(fileURLWithPath: path)
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) else {
            throw Self.failure(path, "no such file or folder")
        }
        let file = isDir.boolValue ? url.appendingPathComponent(Self.fileName) : url
        let display = isDir.boolValue ? (path as NSString).appendingPathComponent(Self.fileName) : path
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw Self.failure(path, "the folder has no \(Self.fileName)")
        }
        let data: Data
        do { data = try Data(contentsOf: file) } catch {
            throw Self.failure(display, "cannot be read: \(error.localizedDescription)")
        }
        return try load(data: data, file: FileReference(url: file, displayName: display))
    }

    /// Loads a definition already in memory; task sources are resolved against `file`'s folder.
    public func load(data: Data, file: FileReference) throws(TaskLoadError) -> LoadedStudy {
        let json: JSONValue
        do { json = try JSONParser.parse(data) } catch {
            throw TaskLoadError(diagnostics: [Diagnostic(.error, file: file.displayName,
                path: "line \(error.line), column \(error.column)", message: "invalid JSON: \(error.reason)")])
        }
        let sink = DiagnosticSink()
        let root = JSONNode(value: json, path: "", file: file, sink: sink)
        let definition = StudyDefinitionDecoder(root: root).decode()
        if let definition { checkSources(of: definition, root: root) }
        guard let definition, !sink.hasErrors else { throw TaskLoadError(diagnostics: sink.diagnostics) }
        return LoadedStudy(definition: definition, warnings: sink.diagnostics)
    }

    /// Loads every task file; their errors are reported, then one error at the task's `source`.
    private func checkSources(of definition: StudyDefinition, root: JSONNode) {
        let folder = (root.file.displayName as NSString).deletingLastPathComponent
        for (i, task) in definition.tasks.enumerated() {
            let display = folder.isEmpty ? task.source : (folder as NSString).appendingPathComponent(task.source)
            let node = JSONNode(value: .string(task.source), path: "tasks[\(i)].source", file: root.file, sink: root.sink)
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: task.sourceURL.path, isDirectory: &isDir), !isDir.boolValue else {
                node.error("task \"\(task.identifier)\": no task file \"\(task.source)\" (looked for \(task.sourceURL.path))")
                continue
            }
            do {
                let loaded = try taskLoader.load(data: try Data(contentsOf: task.sourceURL),
                                                 file: FileReference(url: task.sourceURL, displayName: display))
                loaded.warnings.forEach(root.sink.add)
                if loaded.task == nil { node.error("task \"\(task.identifier)\": \"\(task.source)\" holds no single runnable task") }
            } catch let error as TaskLoadError {
                error.diagnostics.forEach(root.sink.add)
                node.error("task \"\(task.identifier)\": \"\(task.source)\" cannot be loaded (\(error.errors.count) error(s) above)")
            } catch {
                node.error("task \"\(task.identifier)\": \"\(task.source)\" cannot be read: \(error.localizedDescription)")
            }
        }
    }

    /// A one-diagnostic error.
    private static func failure(_ file: String, _ message: String) -> TaskLoadError {
        TaskLoadError(diagnostics: [Diagnostic(.error, file: file, path: "", message: message)])
    }
}

/// A study definition that loaded, with the warnings found (in it and in its task files).
public struct LoadedStudy: Sendable, Equatable {
    /// The definition.
    public var definition: StudyDefinition
    /// Problems that do not stop the study.
    public var warnings: [Diagnostic]

    /// A loaded study.
    public init(definition: StudyDefinition, warnings: [Diagnostic] = []) {
        self.definition = definition
        self.warnings = warnings
    }
}
