import Foundation
import StudyCore
import StudyFHIR

/// A task ready to run: the definition, and what its format adds (conditions, result export).
package struct LoadedTask {
    package var task: TaskDefinition
    package var conditions: any TaskConditions
    package var export: any ResultExport
    package var warnings: [Diagnostic]
}

/// Loads task files for the commands, with every importer the app has.
package enum TaskSource {
    /// The loader with every importer the app has: FHIR first (it only takes FHIR documents),
    /// Sage last. `context` is the launch context of a Questionnaire's `initialExpression`s.
    package static func loader(language: String? = nil, context: [String: JSONValue] = [:]) -> TaskFileLoader {
        var fhir = QuestionnaireImporter(language: language)
        fhir.launchContext = context
        return TaskFileLoader(importers: [fhir, SageTaskImporter()])
    }

    /// Loads a runnable task or reports every error and exits. `context` gives the launch context of
    /// a Questionnaire's `initialExpression`s (`patient` → a Patient resource).
    package static func loadTask(_ path: String, language: String? = nil, context: [String: JSONValue] = [:]) throws -> LoadedTask {
        do { return try load(path, language: language, context: context) } catch {
            for d in error.diagnostics { Console.err(d.description) }
            throw CLIError(message: "\(path): \(error.errors.count) error(s); the task cannot run", code: CLIError.Code.invalidFile)
        }
    }

    /// Loads a runnable task, with what its importer says its format needs.
    package static func load(_ path: String, language: String? = nil, context: [String: JSONValue] = [:]) throws(TaskLoadError) -> LoadedTask {
        let data = try TaskFileLoader.read(path: path)
        let file = FileReference(path: path)
        let (json, strictness) = try TaskFileLoader.parseNoting(data, file: file)
        return try runnable(loader(language: language, context: context).load(json: json, file: file), path: path, strictness: strictness)
    }

    /// The task of a loaded file, or why the file cannot run.
    package static func runnable(_ loaded: LoadedTaskFile, path: String, strictness: [Diagnostic] = []) throws(TaskLoadError) -> LoadedTask {
        guard let task = loaded.task else {
            throw TaskLoadError(diagnostics: [Diagnostic(.error, file: path, path: "",
                message: "\(describe(loaded.content)) is not a runnable task")])
        }
        return LoadedTask(task: task, conditions: loaded.conditions, export: loaded.export, warnings: strictness + loaded.warnings)
    }

    package static func describe(_ content: LoadedTaskFile.Content) -> String {
        switch content {
        case .task: return "a task"
        case .taskGroups(let g): return "a catalogue of \(g.reduce(0) { $0 + $1.tasks.count }) task(s)"
        case .asyncActionConfig(let c): return "a recorder configuration (\(c.type))"
        }
    }

    /// Reads a JSON file the user named (script, result, snapshot), exiting with a clear message on failure.
    package static func readJSON(_ path: String, what: String) throws -> JSONValue {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw CLIError(message: "\(path): cannot read the \(what): \(error.localizedDescription)", code: CLIError.Code.runStopped)
        }
        do { return try JSONParser.parse(data) } catch {
            throw CLIError(message: "\(path): line \(error.line), column \(error.column): invalid JSON in the \(what): \(error.reason)", code: CLIError.Code.runStopped)
        }
    }

    /// Reads a prefill file: a task result JSON, or a record in the task's own format (a
    /// QuestionnaireResponse for a Questionnaire). Answers of a record that the task does not offer
    /// are kept: the task's export imports it again offering them as options, and each is reported.
    package static func prefill(_ path: String, for loaded: inout LoadedTask, taskFile: String) throws
        -> (result: TaskResult?, answers: [String: JSONValue])
    {
        let json = try readJSON(path, what: "prefill")
        if json["resourceType"] != nil {
            for w in strictJSONWarnings(path) { Console.err(w.description) }
        }
        if loaded.export.isRecord(json) {
            let prefilled: PrefilledTask
            do {
                prefilled = try loaded.export.prefill(with: json, recordFile: path)
                loaded = try runnable(prefilled.file, path: taskFile)
            } catch {
                for d in error.diagnostics { Console.err(d.description) }
                throw CLIError(message: "\(taskFile): the task cannot run", code: CLIError.Code.invalidFile)
            }
            for d in prefilled.diagnostics { Console.err(d.description) }
            return (nil, prefilled.answers)
        }
        if let type = json["resourceType"]?.stringValue {
            let own = loaded.export.recordName.map { "; its own records are \($0)s" } ?? ""
            throw CLIError(message: "\(path): a \(type) cannot prefill \(taskFile)\(own)", code: CLIError.Code.runStopped)
        }
        do { return (try TaskResult(json: json), [:]) } catch {
            throw CLIError(message: "\(path): \(error.path): \(error.reason)", code: CLIError.Code.runStopped)
        }
    }

    /// The launch context given as `--context NAME=FILE` (repeatable): each FILE's resource by NAME.
    package static func launchContext(_ values: [String]) throws -> [String: JSONValue] {
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
    package static func strictJSONWarnings(_ path: String) -> [Diagnostic] {
        guard let data = try? TaskFileLoader.read(path: path) else { return [] }
        return (try? TaskFileLoader.parseNoting(data, file: FileReference(path: path)).warnings) ?? []
    }

    /// Writes text to a file, exiting with a clear message when it cannot.
    package static func write(_ text: String, to path: String, what: String) throws {
        do { try Data((text + "\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
            throw CLIError(message: "\(path): cannot write the \(what): \(error.localizedDescription)", code: CLIError.Code.cannotWrite)
        }
    }

    /// Writes the Observations the task's format extracts from its record (SDC's
    /// `observationExtract` items) as NDJSON beside `out` (`<out>.observations.ndjson`), and says
    /// where; nothing when there are none.
    package static func writeObservations(from record: JSONValue, loaded: LoadedTask, beside out: String) throws {
        let observations = loaded.export.observations(from: record)
        guard !observations.isEmpty else { return }
        let stem = out.hasSuffix(".json") ? String(out.dropLast(5)) : out
        let path = stem + ".observations.ndjson"
        try write(observations.map(\.compactJSON).joined(separator: "\n"), to: path, what: "extracted Observations")
        Console.out("\(observations.count) Observation(s) extracted to \(path)")
    }

    /// The run's record in its task's format (a QuestionnaireResponse); nil when the format keeps none.
    package static func record(of run: TaskRun, loaded: LoadedTask) -> JSONValue? {
        guard let output = loaded.export.record(of: run.result) else { return nil }
        for p in output.problems { Console.err(p.description) }
        return output.record
    }
}
