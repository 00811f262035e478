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
