import Foundation
import StudyCore

/// One answer of one finished run: a line of the flat CSV export.
public struct AnswerRow: Sendable, Equatable {
    /// The study identifier.
    public var studyID: String
    /// The participant identifier recorded when the run finished, if enrolled with one.
    public var participantID: String?
    /// The task identifier.
    public var taskID: String
    /// The run UUID.
    public var runID: UUID
    /// The answer's path on the route, `section/step/field` (`TaskResult.answersOnPath`).
    public var stepPath: String
    /// The answer.
    public var value: JSONValue
    /// When the step was shown, if found in the result tree.
    public var stepStartedAt: Date?
    /// When the step was left, if found in the result tree.
    public var stepEndedAt: Date?
    /// When the run started.
    public var runStartedAt: Date
    /// When the run ended.
    public var runFinishedAt: Date?

    /// A row from its parts.
    public init(studyID: String, participantID: String?, taskID: String, runID: UUID, stepPath: String, value: JSONValue,
                stepStartedAt: Date?, stepEndedAt: Date?, runStartedAt: Date, runFinishedAt: Date?) {
        self.studyID = studyID
        self.participantID = participantID
        self.taskID = taskID
        self.runID = runID
        self.stepPath = stepPath
        self.value = value
        self.stepStartedAt = stepStartedAt
        self.stepEndedAt = stepEndedAt
        self.runStartedAt = runStartedAt
        self.runFinishedAt = runFinishedAt
    }

    /// One row per answer on the route of `run`'s result.
    public static func rows(of run: ExportableRun) -> [AnswerRow] {
        let participant = run.metadata["participantId"]?.stringValue
        return run.taskResult.answersOnPath.map { answer in
            let times = run.taskResult.root.stepTimes(at: answer.path.split(separator: "/").map(String.init))
            return AnswerRow(studyID: run.studyID, participantID: participant, taskID: run.taskID,
                             runID: run.runID, stepPath: answer.path, value: answer.value,
                             stepStartedAt: times?.start, stepEndedAt: times?.end,
                             runStartedAt: run.startedAt, runFinishedAt: run.finishedAt)
        }
    }
}

extension BranchResult {
    /// The start and end of the result at `path` (as `answersOnPath` writes it), searching sections and form fields.
    func stepTimes(at path: [String]) -> (start: Date, end: Date)? {
        guard let first = path.first, let found = findResult(StepID(first)) else { return nil }
        let rest = Array(path.dropFirst())
        switch found {
        case .section(let child):
            return rest.isEmpty ? (child.startDate, child.endDate ?? child.startDate) : child.stepTimes(at: rest)
        case .answer(let answer):
            return (answer.startDate, answer.endDate)
        case .measurement(let measurement):
            return (measurement.startDate, measurement.endDate)
        case .collection(let collection):
            let field = rest.isEmpty ? collection.identifier : rest.joined(separator: "/")
            guard case .answer(let answer)? = collection.children.first(where: { $0.identifier == field }) else {
                return (collection.startDate, collection.endDate)
            }
            return (answer.startDate, answer.endDate)
        default:
            return nil
        }
    }
}
