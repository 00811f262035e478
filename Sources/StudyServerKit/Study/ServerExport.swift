import Foundation
import ServerStore
import StudyCore
import StudyExport

/// Regroups the items participants sent into runs for the app's exporters: each run is the
/// task result with its QuestionnaireResponse and Observations (same participant and
/// `taskRunUUID`), in participant order, then by the run's end.
enum ServerExport {
    /// The runs, and how many items could not be read (they are left out and counted).
    static func runs(from items: [StoredItem]) -> (runs: [ExportableRun], unreadable: Int) {
        struct Key: Hashable { var participant: String, run: String }
        var results: [(key: Key, run: ExportableRun)] = []
        var responses: [Key: JSONValue] = [:]
        var observations: [Key: [JSONValue]] = [:]
        var unreadable = 0
        for stored in items {
            guard let payload = try? JSONParser.parse(Data(stored.item.payload.utf8)),
                  let metadata = try? JSONParser.parse(Data(stored.item.metadata.utf8)),
                  let runText = metadata["taskRunUUID"]?.stringValue, let runID = UUID(uuidString: runText) else {
                unreadable += 1
                continue
            }
            let key = Key(participant: stored.participantID, run: runID.uuidString)
            switch stored.item.kind {
            case .taskResult:
                guard let result = try? TaskResult(json: payload) else {
                    unreadable += 1
                    continue
                }
                let start = metadata["startDate"]?.stringValue.flatMap(ResultDate.date(from:)) ?? result.root.startDate
                let end = metadata["endDate"]?.stringValue.flatMap(ResultDate.date(from:)) ?? result.root.endDate
                results.append((key, ExportableRun(
                    studyID: metadata["studyId"]?.stringValue ?? "", taskID: metadata["taskId"]?.stringValue ?? result.identifier,
                    runID: runID, status: metadata["finishReason"]?.stringValue ?? result.finishReason?.rawValue ?? "completed",
                    startedAt: start, finishedAt: end, metadata: metadata, taskResult: result)))
            case .questionnaireResponse:
                responses[key] = payload
            case .observation:
                observations[key, default: []].append(payload)
            }
        }
        let runs = results.map { key, run in
            var run = run
            run.questionnaireResponse = responses[key]
            run.observations = observations[key] ?? []
            return (key.participant, run)
        }.sorted { a, b in
            a.0 != b.0 ? a.0 < b.0 : (a.1.finishedAt ?? a.1.startedAt, a.1.runID.uuidString) < (b.1.finishedAt ?? b.1.startedAt, b.1.runID.uuidString)
        }.map(\.1)
        return (runs, unreadable)
    }
}
