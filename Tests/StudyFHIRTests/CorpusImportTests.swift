import Foundation
import StudyCore
import Testing

@testable import StudyFHIR

// The corpus lives outside the repository (../shared/corpus); without it these tests are skipped
// and `Corpus.isAvailable` prints why.
@Suite(.enabled(if: Corpus.isAvailable, "the shared FHIR corpus (../shared/corpus) is not present"))
struct CorpusImportTests {
    @Test(arguments: Corpus.isAvailable ? Corpus.questionnaires().map(\.lastPathComponent) : [])
    func importsEveryCorpusQuestionnaire(_ name: String) throws {
        let url = Corpus.files().first { $0.lastPathComponent == name }!
        let json = try JSONParser.parse(Data(contentsOf: url))
        let importer = QuestionnaireImporter()
        #expect(importer.accepts(json))
        do {
            let imported = try importer.importQuestionnaire(from: json, file: FileReference(url: url, displayName: name))
            #expect(!imported.task.steps.steps.isEmpty)
            print("== \(name): \(imported.task.steps.steps.count) top-level steps, \(imported.warnings.count) warnings")
            for w in imported.warnings { print("   \(w)") }
        } catch {
            Issue.record("\(name) did not import:\n\(error)")
        }
    }
}
