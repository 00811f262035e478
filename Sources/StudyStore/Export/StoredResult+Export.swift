import Foundation
import StudyCore
import StudyExport

extension StoredResult {
    /// The run as the exporters read it, its stored JSON decoded.
    public func exportable() throws(StoreError) -> ExportableRun {
        ExportableRun(studyID: run.studyID, taskID: run.taskID, runID: run.id, status: run.status.rawValue,
                      startedAt: run.startedAt, finishedAt: run.finishedAt, metadata: try result.decodedMetadata(),
                      taskResult: try result.decodedTaskResult(), questionnaireResponse: try result.decodedQuestionnaireResponse(),
                      observations: try result.decodedObservations())
    }
}
