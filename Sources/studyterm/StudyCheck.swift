import Foundation
import StudyTermKit
import StudyCore

/// `studyterm check` on a study: a folder holding `study.json`, or a `study.json` file.
enum StudyCheck {
    /// True when `path` names a study rather than a task file.
    static func isStudy(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else { return false }
        return isDir.boolValue || (path as NSString).lastPathComponent == StudyDefinitionLoader.fileName
    }

    /// Checks the study and every task file it names; prints the result and exits 1 on errors.
    static func run(_ path: String, json: Bool) throws {
        do {
            let loaded = try StudyDefinitionLoader(taskLoader: TaskSource.loader()).load(path: path)
            for w in loaded.warnings { Console.err(w.description) }
            let def = loaded.definition
            if json {
                Console.out(JSONValue.object(["valid": true, "study": .string(def.identifier), "version": .string(def.version),
                                              "warnings": .array(loaded.warnings.map { .string($0.description) })]).prettyJSON)
            } else {
                Console.out("\(path): valid: study \"\(def.identifier)\" version \(def.version) with \(def.tasks.count) task(s), \(loaded.warnings.count) warning(s)")
            }
        } catch {
            if json {
                Console.out(JSONValue.object(["valid": false, "errors": .array(error.errors.map { .string($0.description) })]).prettyJSON)
            } else {
                for d in error.diagnostics { Console.err(d.description) }
            }
            throw CLIError(message: "\(path): \(error.errors.count) error(s)", code: CLIError.Code.invalidFile)
        }
    }
}
