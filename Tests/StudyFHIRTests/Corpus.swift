import Foundation
import StudyCore

/// The shared corpus of real FHIR files (../shared/corpus next to the repository). Absent on
/// machines without the shared folder; the corpus suites are then skipped.
enum Corpus {
    /// `<repo>/../shared/corpus/fhir`.
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/corpus/fhir")

    /// True when the corpus folder exists; prints why the corpus suites are skipped otherwise.
    static let isAvailable: Bool = {
        let ok = FileManager.default.fileExists(atPath: root.path)
        if !ok { print("StudyFHIR corpus tests skipped: \(root.path) does not exist (the shared corpus is not checked out here)") }
        return ok
    }()

    /// Every JSON file of the corpus, sorted by path.
    static func files() -> [URL] {
        let e = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        return (e?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
    }

    /// A corpus file by its path below `fhir/` (e.g. `real/rkof-GAD-7.json`).
    static func url(_ name: String) -> URL { root.appendingPathComponent(name) }

    /// The parsed JSON of a corpus file.
    static func json(_ name: String) throws -> JSONValue { try JSONParser.parse(Data(contentsOf: url(name))) }

    /// The Questionnaire files (by resourceType).
    static func questionnaires() -> [URL] {
        files().filter { (try? JSONParser.parse(Data(contentsOf: $0)))?["resourceType"]?.stringValue == "Questionnaire" }
    }
}
