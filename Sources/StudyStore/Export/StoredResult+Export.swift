import Foundation
import StudyCore
import StudyExport

extension StoredResult {
    /// The run as the exporters read it, its stored JSON decoded. The run's times come from the
    /// metadata stored (and sent) with the result, as the server's export reads them, so the same
    /// instant reads the same in both; the run's own columns serve when the metadata has none.
    /// A result whose metadata names no participant gets its enrollment's.
    public func exportable() throws(StoreError) -> ExportableRun {
        var metadata = try result.decodedMetadata()
        if case .object(var object) = metadata, object["participantId"] == nil, let participantID {
            object["participantId"] = .string(participantID)
            metadata = .object(object)
        }
        let sent = { (key: String) in metadata[key]?.stringValue.flatMap(ResultDate.date(from:)) }
        return ExportableRun(studyID: run.studyID, taskID: run.taskID, runID: run.id, status: run.status.rawValue,
                      startedAt: sent("startDate") ?? run.startedAt, finishedAt: sent("endDate") ?? run.finishedAt, metadata: metadata,
                      taskResult: try result.decodedTaskResult(), questionnaireResponse: try result.decodedQuestionnaireResponse(),
                      observations: try result.decodedObservations())
    }
}
