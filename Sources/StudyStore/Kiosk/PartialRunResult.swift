import Foundation
import StudyCore

/// The answers an unfinished run's restoration snapshot holds, as a result: what a kiosk session's
/// end keeps of a run it stopped (policy `keep`). The store has no task definition, so the result
/// is read from the snapshot alone: its sections in progress folded into their parents as
/// `TaskRun.result` folds them; the task's schema and version are not in a snapshot.
enum PartialRunResult {
    /// The result held by `snapshot` (a `RunSnapshot`'s JSON) of run `runID`, every open step and
    /// section ended at `endedAt`, finished with `reason`; nil when the snapshot holds no answer.
    static func taskResult(snapshot json: JSONValue, runID: UUID, reason: FinishReason,
                           endedAt: Date) throws(RestoreError) -> TaskResult? {
        let snapshot = try RunSnapshot(json: json)
        guard snapshot.taskRunUUID == runID else {
            throw RestoreError("the snapshot is of run \(snapshot.taskRunUUID.uuidString), not \(runID.uuidString)")
        }
        var levels: [BranchResult] = []
        for (i, level) in (json["levels"]?.arrayValue ?? []).enumerated() {
            guard case .section(var result)? = try? StepResult(json: level["result"] ?? .null) else {
                throw RestoreError("levels[\(i)].result is not a section result")
            }
            result.endDate = result.endDate ?? endedAt
            levels.append(result)
        }
        guard !levels.isEmpty else { throw RestoreError("the snapshot has no levels") }
        while levels.count > 1 {
            let child = levels.removeLast()
            levels[levels.count - 1].appendStepHistory(.section(child), direction: .forward)
        }
        let root = levels[0]
        guard holdsAnswer(.section(root)) else { return nil }
        return TaskResult(root: root, taskRunUUID: runID, finishReason: reason,
                          outputDirectory: json["outputDirectory"]?.stringValue)
    }

    /// Whether `result` holds an answer the participant gave: a value that is not null (a step
    /// shown but not answered yet has its fields with null values), a file or a measurement.
    static func holdsAnswer(_ result: StepResult) -> Bool {
        switch result {
        case .answer(let answer): answer.value != .null
        case .collection(let collection): collection.children.contains(where: holdsAnswer)
        case .section(let branch): branch.stepHistory.contains(where: holdsAnswer) || branch.asyncResults.contains(where: holdsAnswer)
        case .file, .measurement: true
        case .base, .error: false
        }
    }
}
