import Foundation
import StudyCore
import StudyTestSupport

/// The shared corpus of real FHIR files (../shared/corpus next to the repository). Absent on
/// machines without the shared folder; the corpus suites are then skipped.
enum Corpus {
    /// `<corpus>/fhir` (a path that does not exist when the corpus is absent; suites check `isAvailable`).
    static let root: URL = SharedCorpus.folder("fhir") ?? URL(fileURLWithPath: "/nonexistent/shared/corpus/fhir")

    /// True when the corpus is present; prints why the corpus suites are skipped otherwise.
    static let isAvailable: Bool = SharedCorpus.isAvailable(for: "StudyFHIR corpus suites")

    /// Every JSON file of the FHIR corpus, sorted by path.
    static func files() -> [URL] { SharedCorpus.jsonFiles(in: "fhir", recursive: true) }

    /// A corpus file by its path below `fhir/` (e.g. `real/rkof-GAD-7.json`).
    static func url(_ name: String) -> URL { root.appendingPathComponent(name) }

    /// The parsed JSON of a corpus file.
    static func json(_ name: String) throws -> JSONValue { try JSONParser.parse(Data(contentsOf: url(name))) }

    /// The Questionnaire files (by resourceType).
    static func questionnaires() -> [URL] {
        files().filter { (try? JSONParser.parse(Data(contentsOf: $0)))?["resourceType"]?.stringValue == "Questionnaire" }
    }
}
