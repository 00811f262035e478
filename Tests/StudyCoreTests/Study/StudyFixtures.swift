import Foundation
import StudyCore
import StudyTestSupport

/// Study folders written to a temporary directory for the study-definition tests.
enum StudyFixtures {
    /// A valid one-question Sage task.
    static let task = #"{"identifier":"mood","title":"Mood","steps":[{"identifier":"q","type":"form","inputFields":[{"identifier":"q","type":"integer"}]}]}"#

    /// A minimal valid definition with `tasks` spliced in (default: one task on `mood.json`).
    static func study(version: String = "1", tasks: String? = nil, extra: String = "") -> String {
        let list = tasks ?? #"[{"identifier":"mood","title":"Mood","source":"mood.json"}]"#
        return ##"{"identifier":"s1","version":"\##(version)","title":"Study one","purpose":"Testing.","consent":{"version":"1","text":"# Consent\nYou agree."}\##(extra),"tasks":\##(list)}"##
    }

    /// A temporary study folder holding `study.json` and `mood.json`.
    static func folder(_ studyJSON: String = study(), files: [String: String] = [:]) throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory(prefix: "studyterm-study")
        try dir.write(studyJSON, to: "study.json")
        try dir.write(task, to: "mood.json")
        for (name, text) in files { try dir.write(text, to: name) }
        return dir
    }

    /// Reads FHIR Questionnaires as one-step tasks, so StudyCore tests can load studies that use them.
    struct StubQuestionnaireImporter: TaskImporter {
        func accepts(_ json: JSONValue) -> Bool { json["resourceType"]?.stringValue == "Questionnaire" }
        func importTask(from json: JSONValue, file: FileReference) throws(TaskLoadError) -> LoadedTaskFile {
            LoadedTaskFile(content: .task(TaskDefinition(identifier: json["id"]?.stringValue ?? "q",
                                                         steps: StepList(steps: []), format: .fhirQuestionnaire)), warnings: [])
        }
    }

    /// A loader that reads Sage tasks and (stubbed) Questionnaires.
    static let loader = StudyDefinitionLoader(taskLoader: TaskFileLoader(importers: [StubQuestionnaireImporter(), SageTaskImporter()]))

    /// The repository's `Resources` folder.
    static var resources: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Resources")
    }
}
