import Foundation
import StudyTestSupport

/// The Sage corpus suites' view of the shared corpus.
enum CorpusLocation {
    static var url: URL? { SharedCorpus.root }

    /// True when the corpus is present; when absent, says so once on standard error.
    static var isAvailable: Bool { SharedCorpus.isAvailable(for: "StudyCore corpus suites") }

    /// The JSON files of one corpus folder, sorted.
    static func files(in folder: String) -> [URL] { SharedCorpus.jsonFiles(in: folder) }
}
