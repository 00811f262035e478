import Foundation

/// What a task file's format makes of a finished run besides the task result, and how a record
/// in that format prefills a new run. The importer that reads a file returns it with the task and
/// the task's conditions (``LoadedTaskFile``), so commands and the journey never ask which format
/// a file was: a FHIR Questionnaire's record is its QuestionnaireResponse, a SageResearch task
/// keeps none beyond the task result.
public protocol ResultExport: Sendable {
    /// What the format's record of a run is called in messages ("QuestionnaireResponse"); nil when
    /// the format keeps none.
    var recordName: String? { get }
    /// The format's record of `result`, with what could not be put in it; nil when it keeps none.
    func record(of result: TaskResult) -> ExportedRecord?
    /// The Observations the format's rules extract from its record (empty when it has none).
    func observations(from record: JSONValue) -> [JSONValue]
    /// True when `json` is a record in this format, which can then prefill a run of the task.
    func isRecord(_ json: JSONValue) -> Bool
    /// The task again, prefilled by `record` (read from `recordFile`): answers the task does not
    /// offer are kept (the task offers them too) and reported.
    func prefill(with record: JSONValue, recordFile: String) throws(TaskLoadError) -> PrefilledTask
}

/// A run's record in its task's format, and the problems met building it.
public struct ExportedRecord: Sendable {
    /// The record (a FHIR resource, for instance).
    public var record: JSONValue
    /// What could not be put in it, as warnings.
    public var problems: [Diagnostic]

    /// The record and its problems.
    public init(record: JSONValue, problems: [Diagnostic]) {
        self.record = record
        self.problems = problems
    }
}

/// A task imported again with a record that prefills it.
public struct PrefilledTask: Sendable {
    /// The task file, its options widened to keep every recorded answer.
    public var file: LoadedTaskFile
    /// The recorded answers, by step path.
    public var answers: [String: JSONValue]
    /// What reading the record reported.
    public var diagnostics: [Diagnostic]

    /// The prefilled task.
    public init(file: LoadedTaskFile, answers: [String: JSONValue], diagnostics: [Diagnostic]) {
        self.file = file
        self.answers = answers
        self.diagnostics = diagnostics
    }
}

/// The export of a format that keeps no record beyond the task result (SageResearch JSON).
public struct NoResultExport: ResultExport {
    /// The export.
    public init() {}
    public var recordName: String? { nil }
    public func record(of result: TaskResult) -> ExportedRecord? { nil }
    public func observations(from record: JSONValue) -> [JSONValue] { [] }
    public func isRecord(_ json: JSONValue) -> Bool { false }
    public func prefill(with record: JSONValue, recordFile: String) throws(TaskLoadError) -> PrefilledTask {
        throw TaskLoadError(diagnostics: [Diagnostic(.error, file: recordFile, path: "", message: "this task's format keeps no record to prefill from")])
    }
}
