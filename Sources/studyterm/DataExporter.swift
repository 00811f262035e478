import ArgumentParser
import Foundation
import StudyCore
import StudyStore

#if canImport(Glibc)
    import Glibc
#endif

/// Writes every stored result to files: task results as JSON, one CSV row per answer, and FHIR
/// resources as NDJSON (QuestionnaireResponses, and Observations for tasks that are not questionnaires).
/// The folder is made private (0700) and the files 0600: they hold the participant's answers.
struct DataExporter {
    /// An export format and its file.
    enum Format: String, CaseIterable, ExpressibleByArgument {
        /// `results.json`: an array of `{metadata, taskResult}`.
        case json
        /// `answers.csv`: one row per answer (RFC 4180).
        case csv
        /// `fhir.ndjson`: one FHIR resource per line.
        case fhir

        /// The file written.
        var fileName: String {
            switch self {
            case .json: "results.json"
            case .csv: "answers.csv"
            case .fhir: "fhir.ndjson"
            }
        }
    }

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
            "Exported \(resultCount) result\(resultCount == 1 ? "" : "s") to \(folder.path) (\(files.map(\.lastPathComponent).joined(separator: ", ")))."
        }
    }

    /// The store read from.
    let store: StudyStore

    /// Writes `formats` for one study (or all) into `folder`, creating it.
    func export(studyID: String?, formats: [Format], to folder: URL) throws -> Summary {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let results = try store.storedResults(studyID: studyID)
        var files: [URL] = []
        for format in formats {
            let file = folder.appendingPathComponent(format.fileName)
            try write(try contents(format, results: results, studyID: studyID), to: file)
            files.append(file)
        }
        return Summary(folder: folder, files: files, resultCount: results.count)
    }

    /// The text of one format.
    private func contents(_ format: Format, results: [StoredResult], studyID: String?) throws -> String {
        switch format {
        case .json:
            let items: [JSONValue] = try results.map { stored in
                ["metadata": try stored.result.decodedMetadata(), "status": .string(stored.run.status.rawValue),
                 "taskResult": try stored.result.decodedTaskResult().json]
            }
            return JSONValue.array(items).prettyJSON + "\n"
        case .csv:
            return AnswerRow.csv(try store.answerRows(studyID: studyID))
        case .fhir:
            return try store.fhirResources(studyID: studyID).map { $0.compactJSON + "\n" }.joined()
        }
    }

    /// Writes `text` atomically with mode 0600.
    private func write(_ text: String, to file: URL) throws {
        try Data(text.utf8).write(to: file, options: .atomic)
        chmod(file.path, 0o600)
    }

    /// A folder name for an export made at `date`: `2026-03-27-101500`.
    static func stamp(_ date: Date) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "yyyy-MM-dd-HHmmss"
        return f.string(from: date)
    }
}
