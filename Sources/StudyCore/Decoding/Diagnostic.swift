/// A problem found while reading a task file: the file, the place in it, and the reason.
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    /// Errors make a file unusable; warnings are reported and the file still runs.
    public enum Severity: String, Sendable, Equatable { case error, warning }

    public var severity: Severity
    /// The file's path as given by the user.
    public var file: String
    /// The JSON path, e.g. `steps[3].inputFields[0].type` (FHIR: the item's linkId path).
    public var path: String
    public var message: String

    public init(_ severity: Severity, file: String, path: String, message: String) {
        self.severity = severity
        self.file = file
        self.path = path
        self.message = message
    }

    /// `file: path: error: message`.
    public var description: String {
        path.isEmpty ? "\(file): \(severity.rawValue): \(message)" : "\(file): \(path): \(severity.rawValue): \(message)"
    }
}

/// A task file that cannot be used, with every error found (and the warnings).
public struct TaskLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    /// Only the errors.
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// A successfully read file: what it holds, the warnings found, and what its format needs to run
/// and record the task: its conditions (FHIR enableWhen and calculated values; none for Sage) and
/// its result export (see ``ResultExport``). Files compare by content and warnings.
public struct LoadedTaskFile: Sendable, Equatable {
    /// What a task file can hold.
    public enum Content: Sendable, Equatable {
        case task(TaskDefinition)
        case taskGroups([TaskGroup])
        /// A recorder configuration file (not runnable on its own).
        case asyncActionConfig(AsyncActionConfig)
    }

    public var content: Content
    public var warnings: [Diagnostic]
    /// The rules the format adds to navigation.
    public var conditions: any TaskConditions
    /// What the format makes of a finished run.
    public var export: any ResultExport

    public init(content: Content, warnings: [Diagnostic], conditions: any TaskConditions = NoTaskConditions(),
                export: any ResultExport = NoResultExport()) {
        self.content = content
        self.warnings = warnings
        self.conditions = conditions
        self.export = export
    }

    public static func == (lhs: LoadedTaskFile, rhs: LoadedTaskFile) -> Bool {
        lhs.content == rhs.content && lhs.warnings == rhs.warnings
    }

    /// The task, when the file holds one.
    public var task: TaskDefinition? {
        if case .task(let t) = content { return t }
        return nil
    }
}

/// Reads one kind of task file. StudyCore reads SageResearch JSON; StudyFHIR reads Questionnaires.
public protocol TaskImporter: Sendable {
    /// True when this importer reads documents shaped like `json`.
    func accepts(_ json: JSONValue) -> Bool
    /// Reads the document; `file` is used to resolve resources and in messages.
    func importTask(from json: JSONValue, file: FileReference) throws(TaskLoadError) -> LoadedTaskFile
}
