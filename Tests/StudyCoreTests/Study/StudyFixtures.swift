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

    /// A loader that reads Sage tasks and (stubbed) Questionnaires.
    static let loader = StubQuestionnaireImporter.studyLoader

    /// The repository's `Resources` folder.
    static let resources = RepositoryResources.folder
}
