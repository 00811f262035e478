import Foundation
import StudyCore
import StudyStore

#if canImport(Glibc)
    import Glibc
#endif

/// Writes the export documents (``ExportFormat``) into a folder made private (0700), files 0600:
/// they hold the participant's answers.
struct DataExporter {
    /// What an export wrote.
    struct Summary {
        /// The folder.
        var folder: URL
        /// The files, in format order.
        var files: [URL]
        /// How many results were exported.
        var resultCount: Int

        /// "Exported 3 results to /path (results.json, answers.csv, fhir.ndjson)."
        var sentence: String {
            "Exported \(ResultCounts.results(resultCount)) to \(folder.path) (\(files.map(\.lastPathComponent).joined(separator: ", ")))."
        }
    }

    /// The store read from.
    let store: StudyStore

    /// Writes `formats` for one study (or all) into `folder`, creating it.
    func export(studyID: String?, formats: [ExportFormat], to folder: URL) throws -> Summary {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var summary = Summary(folder: folder, files: [], resultCount: 0)
        for format in formats {
            let (text, count) = try store.exportDocument(format, studyID: studyID)
            let file = folder.appendingPathComponent(format.fileName)
            try Data(text.utf8).write(to: file, options: .atomic)
            chmod(file.path, 0o600)
            summary.files.append(file)
            summary.resultCount = count
        }
        return summary
    }

    /// A folder name for an export made at `date`: `2026-03-27-101500`.
    static func stamp(_ date: Date) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "yyyy-MM-dd-HHmmss"
        return f.string(from: date)
    }
}
