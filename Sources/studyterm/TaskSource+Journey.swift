import Foundation
import StudyCore
import StudyFHIR

extension TaskSource {
    /// Loads a runnable task for the journey: errors are thrown (the terminal is in use), never printed.
    static func loadForJourney(_ url: URL) throws(TaskLoadError) -> LoadedTask {
        let loaded = try loader().load(path: url.path)
        guard let task = loaded.task else {
            throw TaskLoadError(diagnostics: [Diagnostic(.error, file: url.path, path: "", message: "\(describe(loaded.content)) is not a runnable task")])
        }
        let model = QuestionnaireImporter().model(of: task)
        let conditions: any TaskConditions = model.map { QuestionnaireConditions(model: $0) } ?? NoTaskConditions()
        return LoadedTask(task: task, conditions: conditions, questionnaire: model, warnings: loaded.warnings)
    }
}
