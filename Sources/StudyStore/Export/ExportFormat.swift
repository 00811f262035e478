import Foundation
import StudyCore

/// The files `studyterm export` writes, each a whole document.
public enum ExportFormat: String, Sendable, Equatable, CaseIterable {
    /// `results.json`: an array of `{metadata, status, taskResult}`, in the order the runs finished.
    case json
    /// `answers.csv`: one row per answer (RFC 4180, CRLF line ends).
    case csv
    /// `fhir.ndjson`: one FHIR resource per line (QuestionnaireResponses and Observations).
    case fhir

    /// The file's name.
    public var fileName: String {
        switch self {
        case .json: "results.json"
        case .csv: "answers.csv"
        case .fhir: "fhir.ndjson"
        }
    }
}

extension StudyStore {
    /// The whole document of one export format for one study (or all), and how many results it holds.
    public func exportDocument(_ format: ExportFormat, studyID: String? = nil) throws(StoreError) -> (text: String, resultCount: Int) {
        let results = try storedResults(studyID: studyID)
        switch format {
        case .json:
            var items: [JSONValue] = []
            for stored in results {
                items.append(["metadata": try stored.result.decodedMetadata(), "status": .string(stored.run.status.rawValue),
                              "taskResult": try stored.result.decodedTaskResult().json])
            }
            return (JSONValue.array(items).prettyJSON + "\n", results.count)
        case .csv:
            return (AnswerRow.csv(try answerRows(studyID: studyID)), results.count)
        case .fhir:
            return (try fhirResources(studyID: studyID).map { $0.compactJSON + "\n" }.joined(), results.count)
        }
    }
}
