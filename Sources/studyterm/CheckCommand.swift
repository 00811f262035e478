import Foundation
import StudyTermKit
import StudyCore

/// `studyterm check FILE [--answers SCRIPT] [--format text|json]`: validate a task, or run it headlessly.
struct CheckCommand: StudyTermCommand {
    static let spec = CommandSpec(
        path: ["check"],
        abstract: "Validate a task file, or run it without a terminal from scripted answers.",
        discussion: """
            Without --answers, prints every error (file, JSON path, reason) and exits 1 when there is one; \
            warnings are printed but do not fail. With --answers SCRIPT, runs the task headlessly and prints the \
            path and the finish reason. SCRIPT is a JSON array of events ({"step": "ID", "answer": VALUE} or \
            {"step": "ID", "action": "next|skip|back|cancel"}) or an object mapping step identifiers \
            (or section/child) to answers.
            """,
        arguments: [("file", "The task file (SageResearch JSON or a FHIR Questionnaire), or a study folder or study.json.")],
        argumentCompletion: ["file": .file],
        options: [
            .value("answers", "Run the task headlessly with these answers.", completes: .file),
            .value("format", "text or json.", choices: Format.allCases.map(\.rawValue)),
            .value("out", "With --answers and a Questionnaire: write the QuestionnaireResponse here.", completes: .file),
            .value("prefill", "Start from these answers: a task result JSON or a QuestionnaireResponse.", completes: .file),
            .repeated("context", "A launch context resource for a Questionnaire's initialExpressions, as NAME=FILE (patient=patient.json); repeatable.", completes: .file),
            .value("lang", "Language for Questionnaire translations (e.g. de, fr-CA)."),
        ])

    /// Output formats.
    enum Format: String, CaseIterable { case text, json }

    let file: String
    let answers: String?
    let format: Format
    let out: String?
    let prefill: String?
    /// Launch context resources (`--context patient=FILE`).
    let context: [String]
    let lang: String?

    init(_ arguments: ParsedArguments) {
        file = arguments.argument(0)
        answers = arguments.value("answers")
        format = arguments.value("format").flatMap(Format.init(rawValue:)) ?? .text
        out = arguments.value("out")
        prefill = arguments.value("prefill")
        context = arguments.values("context")
        lang = arguments.value("lang")
    }

    func run() throws {
        guard let answers else { return try checkFile() }
        let launch = try TaskSource.launchContext(context)
        var loaded = try TaskSource.loadTask(file, language: lang, context: launch)
        for w in loaded.warnings { Console.err(w.description) }
        let script: AnswerScript
        let json = try TaskSource.readJSON(answers, what: "answers script")
        do { script = try AnswerScript(json: json) } catch {
            throw CLIError(message: "\(answers): \(error.message)", code: CLIError.Code.runStopped)
        }
        let prefilled = try prefill.map { try TaskSource.prefill($0, for: &loaded, taskFile: file) }
        var runner = HeadlessRunner(task: loaded.task, conditions: loaded.conditions)
        runner.prefill = prefilled?.result
        runner.prefillAnswers = prefilled?.answers ?? [:]
        let outcome = runner.run(script)
        try report(outcome)
        if let out {
            guard let record = TaskSource.record(of: outcome.run, loaded: loaded), let name = loaded.export.recordName else {
                throw CLIError(message: "--out writes the run's record in its task's format (a Questionnaire's QuestionnaireResponse); \(file) keeps none",
                               code: CLIError.Code.runStopped)
            }
            try TaskSource.write(record.prettyJSON, to: out, what: name)
            try TaskSource.writeObservations(from: record, loaded: loaded, beside: out)
        }
        if let e = outcome.error { throw CLIError(message: e.message, code: CLIError.Code.runStopped) }
    }

    private func checkFile() throws {
        if StudyCheck.isStudy(file) { return try StudyCheck.run(file, json: format == .json) }
        do {
            let loaded = try TaskSource.loader(language: lang).load(path: file)
            for w in loaded.warnings { Console.err(w.description) }
            if format == .json {
                Console.out(JSONValue.object(["valid": true, "warnings": .array(loaded.warnings.map { .string($0.description) })]).prettyJSON)
            } else {
                Console.out("\(file): valid: \(summary(loaded.content)), \(loaded.warnings.count) warning(s)")
            }
        } catch {
            if format == .json {
                Console.out(JSONValue.object([
                    "valid": false,
                    "errors": .array(error.errors.map { .string($0.description) }),
                    "warnings": .array(error.diagnostics.filter { $0.severity == .warning }.map { .string($0.description) }),
                ]).prettyJSON)
            } else {
                for d in error.diagnostics { Console.err(d.description) }
            }
            throw CLIError(message: "\(file): \(error.errors.count) error(s)", code: CLIError.Code.invalidFile)
        }
    }

    private func summary(_ content: LoadedTaskFile.Content) -> String {
        switch content {
        case .task(let t): return "task \"\(t.identifier)\" with \(Self.count(t.steps)) step(s)"
        default: return TaskSource.describe(content)
        }
    }

    static func count(_ list: StepList) -> Int {
        list.steps.reduce(0) { $0 + 1 + ($1.section.map { count($0.steps) } ?? 0) }
    }

    private func report(_ outcome: HeadlessRunner.Outcome) throws {
        let reason = outcome.run.finishReason?.rawValue
        if format == .json {
            var o: [String: JSONValue] = [
                "path": .array(outcome.path.map { .string($0) }),
                "finishReason": reason.map { .string($0) } ?? .null,
                "result": outcome.run.result.json,
            ]
            if let e = outcome.error { o["error"] = .string(e.message) }
            Console.out(JSONValue.object(o).prettyJSON)
        } else {
            for p in outcome.path { Console.out(p) }
            Console.out("finish reason: \(reason ?? "none (the run stopped)")")
        }
    }
}
