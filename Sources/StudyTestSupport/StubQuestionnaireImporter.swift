import Foundation
import StudyCore

/// Reads FHIR Questionnaires as empty one-task files, so test targets that do not link StudyFHIR
/// can load studies that name Questionnaires.
public struct StubQuestionnaireImporter: TaskImporter {
    /// A stub importer.
    public init() {}

    /// Accepts documents with `"resourceType": "Questionnaire"`.
    public func accepts(_ json: JSONValue) -> Bool { json["resourceType"]?.stringValue == "Questionnaire" }

    /// An empty task named after the Questionnaire's `id`.
    public func importTask(from json: JSONValue, file: FileReference) throws(TaskLoadError) -> LoadedTaskFile {
        LoadedTaskFile(content: .task(TaskDefinition(identifier: json["id"]?.stringValue ?? "questionnaire",
                                                     steps: StepList(steps: []), format: .fhirQuestionnaire)), warnings: [])
    }

    /// A study loader that reads Sage tasks and (stubbed) Questionnaires.
    public static let studyLoader = StudyDefinitionLoader(taskLoader: TaskFileLoader(importers: [StubQuestionnaireImporter(), SageTaskImporter()]))
}
