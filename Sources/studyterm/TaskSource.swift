import Foundation
import StudyCore

/// Loads task files for the commands, with every importer the app has.
enum TaskSource {
    static var loader: TaskFileLoader { TaskFileLoader(importers: [SageTaskImporter()]) }

    /// Loads a runnable task or reports every error and exits.
    static func loadTask(_ path: String) -> (TaskDefinition, [Diagnostic]) {
        let loaded: LoadedTaskFile
        do { loaded = try loader.load(path: path) } catch {
            for d in error.diagnostics { Console.err(d.description) }
            CLIError(message: "\(path): \(error.errors.count) error(s); the task cannot run", code: CLIError.Code.invalidFile).exit()
        }
        guard let task = loaded.task else {
            CLIError(message: "\(path): \(describe(loaded.content)) is not a runnable task", code: CLIError.Code.invalidFile).exit()
        }
        return (task, loaded.warnings)
    }

    static func describe(_ content: LoadedTaskFile.Content) -> String {
        switch content {
        case .task: return "a task"
        case .taskGroups(let g): return "a catalogue of \(g.reduce(0) { $0 + $1.tasks.count }) task(s)"
        case .asyncActionConfig(let c): return "a recorder configuration (\(c.type))"
        }
    }

    /// Reads a JSON file the user named (script, result, snapshot), exiting with a clear message on failure.
    static func readJSON(_ path: String, what: String) -> JSONValue {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            CLIError(message: "\(path): cannot read the \(what): \(error.localizedDescription)", code: CLIError.Code.runStopped).exit()
        }
        do { return try JSONParser.parse(data) } catch {
            CLIError(message: "\(path): line \(error.line), column \(error.column): invalid JSON in the \(what): \(error.reason)", code: CLIError.Code.runStopped).exit()
        }
    }
}
