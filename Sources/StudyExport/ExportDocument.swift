import Foundation
import StudyCore

/// The whole text of one export format over a list of runs: the one writer behind
/// `studyterm export` and `studyterm-server export`.
public enum ExportDocument {
    /// The document of `format` for `runs`, in the order given.
    public static func text(_ format: ExportFormat, runs: [ExportableRun]) -> String {
        switch format {
        case .json:
            let items: [JSONValue] = runs.map { run in
                ["metadata": run.metadata, "status": .string(run.status), "taskResult": run.taskResult.json]
            }
            return JSONValue.array(items).prettyJSON + "\n"
        case .csv:
            return AnswerRow.csv(runs.flatMap(AnswerRow.rows(of:)))
        case .fhir:
            return fhirResources(of: runs).map { $0.compactJSON + "\n" }.joined()
        }
    }

    /// The FHIR resources of `runs`, in run order: each run's QuestionnaireResponse, then its Observations.
    public static func fhirResources(of runs: [ExportableRun]) -> [JSONValue] {
        runs.flatMap { run in (run.questionnaireResponse.map { [$0] } ?? []) + run.observations }
    }
}
