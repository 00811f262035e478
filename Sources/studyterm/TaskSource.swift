import Foundation
import StudyCore
import StudyFHIR

/// A task ready to run: the definition, its format's conditions and, for a Questionnaire, its model.
struct LoadedTask {
    var task: TaskDefinition
    var conditions: any TaskConditions
    var questionnaire: QuestionnaireModel?
    var warnings: [Diagnostic]
}

/// Loads task files for the commands, with every importer the app has.
enum TaskSource {
    /// The loader with the FHIR importer first (it only takes FHIR documents) and Sage last.
    static func loader(language: String? = nil) -> TaskFileLoader {
        TaskFileLoader(importers: [QuestionnaireImporter(language: language), SageTaskImporter()])
    }

    /// Loads a runnable task or reports every error and exits. `context` gives the launch context of
    /// a Questionnaire's `initialExpression`s (`patient` → a Patient resource).
    static func loadTask(_ path: String, language: String? = nil, context: [String: JSONValue] = [:]) throws -> LoadedTask {
        do { return try load(path, language: language, context: context) } catch {
            for d in error.diagnostics { Console.err(d.description) }
            throw CLIError(message: "\(path): \(error.errors.count) error(s); the task cannot run", code: CLIError.Code.invalidFile)
        }
    }

    /// Loads a runnable task. A Questionnaire is imported once, keeping its model and conditions.
    static func load(_ path: String, language: String? = nil, context: [String: JSONValue] = [:]) throws(TaskLoadError) -> LoadedTask {
        let data = try TaskFileLoader.read(path: path)
        let file = FileReference(path: path)
        let (json, strictness) = try TaskFileLoader.parseNoting(data, file: file)
        var fhir = QuestionnaireImporter(language: language)
        fhir.launchContext = context
        if fhir.accepts(json) {
            let imported = try fhir.importQuestionnaire(from: json, file: file)
            return LoadedTask(task: imported.task, conditions: imported.conditions, questionnaire: imported.model,
                              warnings: strictness + imported.warnings)
        }
        let loaded = try loader(language: language).load(json: json, file: file)
        guard let task = loaded.task else {
            throw TaskLoadError(diagnostics: [Diagnostic(.error, file: path, path: "",
                message: "\(describe(loaded.content)) is not a runnable task")])
        }
        return LoadedTask(task: task, conditions: NoTaskConditions(), questionnaire: nil, warnings: loaded.warnings)
    }

    static func describe(_ content: LoadedTaskFile.Content) -> String {
        switch content {
        case .task: return "a task"
        case .taskGroups(let g): return "a catalogue of \(g.reduce(0) { $0 + $1.tasks.count }) task(s)"
        case .asyncActionConfig(let c): return "a recorder configuration (\(c.type))"
        }
    }

    /// Reads a JSON file the user named (script, result, snapshot), exiting with a clear message on failure.
    static func readJSON(_ path: String, what: String) throws -> JSONValue {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw CLIError(message: "\(path): cannot read the \(what): \(error.localizedDescription)", code: CLIError.Code.runStopped)
        }
        do { return try JSONParser.parse(data) } catch {
            throw CLIError(message: "\(path): line \(error.line), column \(error.column): invalid JSON in the \(what): \(error.reason)", code: CLIError.Code.runStopped)
        }
    }

    /// Reads a prefill file: a task result JSON, or a QuestionnaireResponse for a Questionnaire task.
    /// Answers of a response that the Questionnaire does not offer are kept: the task is imported
    /// again from `taskFile` offering them as options, and each is reported.
    static func prefill(_ path: String, for loaded: inout LoadedTask, taskFile: String, language: String?,
                        context: [String: JSONValue] = [:]) throws -> (result: TaskResult?, answers: [String: JSONValue])
    {
        let json = try readJSON(path, what: "prefill")
        if json["resourceType"]?.stringValue == "QuestionnaireResponse" {
            for w in strictJSONWarnings(path) { Console.err(w.description) }
            guard loaded.questionnaire != nil else {
                throw CLIError(message: "\(path): a QuestionnaireResponse can only prefill a Questionnaire", code: CLIError.Code.runStopped)
            }
            let file = FileReference(path: taskFile)
            let prefilled: QuestionnaireImporter.Prefilled
            do {
                let questionnaire = try TaskFileLoader.parse(try TaskFileLoader.read(path: taskFile), file: file)
                var importer = QuestionnaireImporter(language: language)
                importer.launchContext = context
                prefilled = try importer.importQuestionnaire(from: questionnaire, file: file, prefilledWith: json, responseFile: path)
            } catch {
                for d in error.diagnostics { Console.err(d.description) }
                throw CLIError(message: "\(taskFile): the task cannot run", code: CLIError.Code.invalidFile)
            }
            let imported = prefilled.imported
            loaded = LoadedTask(task: imported.task, conditions: imported.conditions, questionnaire: imported.model, warnings: loaded.warnings)
            for d in prefilled.reading.diagnostics { Console.err(d.description) }
            return (nil, prefilled.reading.answers)
        }
        do { return (try TaskResult(json: json), [:]) } catch {
            throw CLIError(message: "\(path): \(error.path): \(error.reason)", code: CLIError.Code.runStopped)
        }
    }

    /// The launch context given as `--context NAME=FILE` (repeatable): each FILE's resource by NAME.
    static func launchContext(_ values: [String]) throws -> [String: JSONValue] {
        var out: [String: JSONValue] = [:]
        for v in values {
            guard let eq = v.firstIndex(of: "="), eq != v.startIndex else {
                throw CLIError(message: "--context \(v): give it as NAME=FILE, for example --context patient=patient.json", code: CLIError.Code.usage)
            }
            var name = String(v[..<eq])
            if name.hasPrefix("%") { name.removeFirst() }
            let file = String(v[v.index(after: eq)...])
            for w in strictJSONWarnings(file) { Console.err(w.description) }
            out[name] = try readJSON(file, what: "launch context resource")
        }
        return out
    }

    /// The warnings for a FHIR file that is not strict JSON (none for a file that cannot be read).
    static func strictJSONWarnings(_ path: String) -> [Diagnostic] {
        guard let data = try? TaskFileLoader.read(path: path) else { return [] }
        return (try? TaskFileLoader.parseNoting(data, file: FileReference(path: path)).warnings) ?? []
    }

    /// Writes text to a file, exiting with a clear message when it cannot.
    static func write(_ text: String, to path: String, what: String) throws {
        do { try Data((text + "\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
            throw CLIError(message: "\(path): cannot write the \(what): \(error.localizedDescription)", code: CLIError.Code.cannotWrite)
        }
    }

    /// Writes the Observations SDC extraction makes from a response (`observationExtract` items) as
    /// NDJSON beside `out` (`<out>.observations.ndjson`), and says where; nothing when there are none.
    static func writeObservations(from response: JSONValue, loaded: LoadedTask, beside out: String) throws {
        guard let model = loaded.questionnaire else { return }
        let observations = ObservationExtractor(model: model).observations(from: response)
        guard !observations.isEmpty else { return }
        let stem = out.hasSuffix(".json") ? String(out.dropLast(5)) : out
        let path = stem + ".observations.ndjson"
        try write(observations.map(\.compactJSON).joined(separator: "\n"), to: path, what: "extracted Observations")
        Console.out("\(observations.count) Observation(s) extracted to \(path)")
    }

    /// The QuestionnaireResponse of a run (nil for tasks that are not Questionnaires).
    static func questionnaireResponse(for run: TaskRun, loaded: LoadedTask) -> JSONValue? {
        guard let model = loaded.questionnaire else { return nil }
        let output = QuestionnaireResponseBuilder(model: model).build(result: run.result)
        for p in output.problems { Console.err(p.description) }
        return output.resource
    }
}
