import Foundation
import StudyCore
import StudyFHIR
import StudyTestSupport
import Testing
import TUIKit

/// The first screens of every FHIR Questionnaire in ../shared/corpus at 80x24 (the first screen,
/// then the screen after Enter), compared with recorded plain-text snapshots. Skipped, with a
/// message, when the corpus is not beside the checkout. Re-record on purpose with SNAPSHOT_RECORD=1.
@Suite(.enabled(if: QuestionnaireCorpus.isAvailable, "the shared corpus is not present"))
struct QuestionnaireScreenTests {
    let snapshots = SnapshotAssert()

    @Test(arguments: QuestionnaireCorpus.questionnaires())
    func firstScreensAt80x24(file: URL) throws {
        let json = try JSONParser.parse(Data(contentsOf: file))
        let imported = try QuestionnaireImporter().importQuestionnaire(from: json, file: FileReference(url: file))
        let name = file.deletingPathExtension().lastPathComponent
        for (index, script) in [[], keys(.enter)].enumerated() {
            let driver = ScreenDriver(task: imported.task, script: script, conditions: imported.conditions)
            if let problem = snapshots.check(driver.text, named: "fhir-\(name)-screen\(index + 1)") {
                Issue.record(Comment(rawValue: problem))
            }
        }
    }
}

/// The Questionnaires of the shared corpus.
enum QuestionnaireCorpus {
    static var isAvailable: Bool { SharedCorpus.isAvailable(for: "Questionnaire screen snapshots") }

    /// Every corpus file whose resourceType is Questionnaire and that imports.
    static func questionnaires() -> [URL] {
        var out: [URL] = []
        for sub in ["fhir/real", "fhir/c3pro"] {
            for url in SharedCorpus.jsonFiles(in: sub) {
                guard let data = try? Data(contentsOf: url), let json = try? JSONParser.parse(data),
                    json["resourceType"]?.stringValue == "Questionnaire" || json["resourceType"]?.stringValue == "Bundle",
                    (try? QuestionnaireImporter().importQuestionnaire(from: json, file: FileReference(url: url))) != nil
                else { continue }
                out.append(url)
            }
        }
        return out
    }
}
