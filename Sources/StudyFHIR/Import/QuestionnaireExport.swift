import Foundation
import StudyCore

/// A Questionnaire's result export: the QuestionnaireResponse of a run, the Observations SDC's
/// Observation-based extraction makes from it, and prefilling from a response.
public struct QuestionnaireExport: ResultExport {
    /// The importer that read the Questionnaire (its language and launch context).
    public var importer: QuestionnaireImporter
    /// The Questionnaire document as read (alone or in its Bundle).
    public var questionnaire: JSONValue
    /// Where it was read from.
    public var file: FileReference
    /// The Questionnaire's model.
    public var model: QuestionnaireModel

    /// The export of a Questionnaire read by `importer`.
    public init(importer: QuestionnaireImporter, questionnaire: JSONValue, file: FileReference, model: QuestionnaireModel) {
        self.importer = importer
        self.questionnaire = questionnaire
        self.file = file
        self.model = model
    }

    public var recordName: String? { "QuestionnaireResponse" }

    /// The run's QuestionnaireResponse and what could not be put in it.
    public func record(of result: TaskResult) -> ExportedRecord? {
        let output = QuestionnaireResponseBuilder(model: model).build(result: result)
        return ExportedRecord(record: output.resource, problems: output.problems)
    }

    /// The Observations of `observationExtract` items.
    public func observations(from record: JSONValue) -> [JSONValue] {
        ObservationExtractor(model: model).observations(from: record)
    }

    public func isRecord(_ json: JSONValue) -> Bool {
        json["resourceType"]?.stringValue == "QuestionnaireResponse"
    }

    /// The Questionnaire imported again with the response's answers (see
    /// ``QuestionnaireImporter/importQuestionnaire(from:file:prefilledWith:responseFile:)``).
    public func prefill(with record: JSONValue, recordFile: String) throws(TaskLoadError) -> PrefilledTask {
        let prefilled = try importer.importQuestionnaire(from: questionnaire, file: file, prefilledWith: record, responseFile: recordFile)
        let imported = prefilled.imported
        let export = QuestionnaireExport(importer: importer, questionnaire: questionnaire, file: file, model: imported.model)
        return PrefilledTask(file: LoadedTaskFile(content: .task(imported.task), warnings: imported.warnings,
                                                  conditions: imported.conditions, export: export),
                             answers: prefilled.reading.answers, diagnostics: prefilled.reading.diagnostics)
    }
}
