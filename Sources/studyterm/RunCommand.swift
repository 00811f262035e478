import Foundation
import StudyTermKit
import StudyCore
import StudyStore
import StudyTUI
import TUIKit
import TUINcurses

/// `studyterm run FILE`: runs a task in the terminal (ncurses, or plain lines in accessible mode).
struct RunCommand: StudyTermCommand {
    static let spec = CommandSpec(
        path: ["run"],
        abstract: "Run a task in the terminal.",
        discussion: """
            Writes the task result JSON to --out when the task ends (for a FHIR Questionnaire, --out gets the \
            QuestionnaireResponse and the task result goes beside it as <out>.task-result.json). Progress is saved \
            after every answer to a restoration snapshot beside the output (<out>.snapshot.json); Ctrl-C offers \
            to save and exit, and --restore SNAPSHOT resumes at the same step with the same run UUID. \
            Accessible line mode (plain numbered prompts) is used with --accessible, ACCESSIBLE=1, TERM=dumb, \
            or when stdin or stdout is not a terminal. Exit status: 0 completed, 10 saved, 11 discarded, \
            12 ended early by the task's rules, 13 failed, 1 invalid file, 3 cannot restore or prefill, \
            4 cannot write where asked (the result then goes to the current, home or temporary folder, said), \
            7 another studyterm runs from the same snapshot (the same --out or --restore; it is named), \
            64 wrong command line, 128+n stopped by signal n (after saving: 129 SIGHUP, 130 SIGINT, 143 SIGTERM).
            """,
        arguments: [("file", "The task file: SageResearch JSON or a FHIR Questionnaire.")],
        argumentCompletion: ["file": .file],
        options: [
            .value("out", "Where to write the result (default: <task>-<run>.json in the current directory).", completes: .file),
            .value("restore", "Resume from this restoration snapshot.", completes: .file),
            .value("prefill", "Start from these answers: a task result JSON or a QuestionnaireResponse.", completes: .file),
            .repeated("context", "A launch context resource for a Questionnaire's initialExpressions, as NAME=FILE (patient=patient.json); repeatable.", completes: .file),
            .value("output-dir", "Folder for file results (created).", completes: .directory),
            .flag("speak", "Also speak spoken instructions with espeak-ng, when installed."),
            .flag("accessible", "Plain line prompts instead of a full-screen display."),
            .value("lang", "Language for Questionnaire translations (e.g. de, fr-CA)."),
        ])

    let file: String
    let out: String?
    let restore: String?
    let prefill: String?
    /// Launch context resources (`--context patient=FILE`).
    let context: [String]
    let outputDir: String?
    let speak: Bool
    let accessible: Bool
    let lang: String?

    init(_ arguments: ParsedArguments) {
        file = arguments.argument(0)
        out = arguments.value("out")
        restore = arguments.value("restore")
        prefill = arguments.value("prefill")
        context = arguments.values("context")
        outputDir = arguments.value("output-dir")
        speak = arguments.flag("speak")
        accessible = arguments.flag("accessible")
        lang = arguments.value("lang")
    }

    func run() throws {
        let launch = try TaskSource.launchContext(context)
        var loaded = try TaskSource.loadTask(file, language: lang, context: launch)
        let prefilled = try prefill.map { try TaskSource.prefill($0, for: &loaded, taskFile: file) }
        let lock = try takeSnapshotLock()
        // Whatever ends the run from here (an error thrown to the one place that exits, or the
        // finish), the lock goes with it and its hidden file is removed; the signal handler's
        // registration is dropped first, so it never removes another process's file.
        defer {
            ProcessSignals.removeOnEnd(nil)
            lock?.release()
        }
        var taskRun = try makeRun(loaded, prefilled: prefilled)
        var outputs = RunOutputs(out: out, restore: restore, task: loaded.task, runID: taskRun.taskRunUUID,
                                 recordName: loaded.export.recordName)
        if restore == nil, let note = outputs.fallBackIfNotWritable() { Console.err("studyterm: " + note) }
        if let outputDir {
            do { try FileManager.default.createDirectory(atPath: outputDir, withIntermediateDirectories: true) } catch {
                throw CLIError(message: "\(outputDir): cannot create the output folder: \(error.localizedDescription)", code: CLIError.Code.cannotWrite)
            }
            taskRun.outputDirectory = URL(fileURLWithPath: outputDir).standardizedFileURL.path
        }
        let environment = LiveEnvironment.make(snapshotPath: outputs.snapshot, speak: speak)
        let lineMode = LineMode.wanted(flag: accessible)
        let ending: RunEnding
        if lineMode {
            ending = LineRunner.run(taskRun, environment: environment, warnings: loaded.warnings)
        } else {
            ending = try ScreenRunner.run(taskRun, environment: environment)
        }
        for w in loaded.warnings where !lineMode { Console.err(w.description) }
        try outputs.finish(ending, loaded: loaded, releasing: lock)
    }

    /// One process per snapshot (``RunSnapshotLock``), taken before the snapshot is read: a second
    /// `run` on the same `--out` or `--restore` is refused (exit 7), naming the first. A run with
    /// neither writes `<task>-<run UUID>.json`, its own.
    private func takeSnapshotLock() throws -> RunSnapshotLock? {
        guard out != nil || restore != nil else { return nil }
        do {
            let lock = try RunSnapshotLock.acquire(snapshot: RunOutputs.snapshot(out: out ?? "", restore: restore))
            ProcessSignals.removeOnEnd(lock?.path)  // a signal in line mode ends the run at once
            return lock
        } catch {
            throw CLIError(message: error.description, code: CLIError.Code.folderInUse)
        }
    }

    /// A new or restored run, started, with prefill.
    private func makeRun(_ loaded: LoadedTask, prefilled: (result: TaskResult?, answers: [String: JSONValue])?) throws -> TaskRun {
        let now = Date()
        if let restore {
            let json = try TaskSource.readJSON(restore, what: "restoration snapshot")
            do {
                let snapshot = try RunSnapshot(json: json)
                return try TaskRun(task: loaded.task, restoring: snapshot, now: now, conditions: loaded.conditions)
            } catch {
                throw CLIError(message: "\(restore): cannot restore: \(error)", code: CLIError.Code.runStopped)
            }
        }
        var run = TaskRun(task: loaded.task, now: now, conditions: loaded.conditions)
        if let prefilled {
            run.prefill = prefilled.result
            run.prefillAnswers = prefilled.answers
        }
        run.start(now: now)
        return run
    }
}

/// How a run in the terminal ended.
struct RunEnding {
    var run: TaskRun
    /// The signal that stopped it, if one did.
    var signal: TerminalSignal?
    /// A note for the participant (input ended, for example).
    var note: String?
}
