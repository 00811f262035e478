import Foundation

/// A run's restoration data: from it the run resumes at the same step with the same run UUID
/// and answers. Active and countdown steps are not restorable: a snapshot taken during one
/// resumes at the last restorable step.
public struct RunSnapshot: Sendable, Equatable {
    public static let formatVersion = 1

    public var taskIdentifier: String
    public var taskRunUUID: UUID
    public var startDate: Date
    /// The step the run resumes at, `section/child` (nil: the first step).
    public var stepPath: String?
    var levels: [TaskRun.Level]
    var previousResults: [String: StepResult]
    var cohorts: Set<String>
    var outputDirectory: String?

    /// The JSON form.
    public var json: JSONValue {
        var o: [String: JSONValue] = [
            "formatVersion": .int(Self.formatVersion),
            "taskIdentifier": .string(taskIdentifier),
            "taskRunUUID": .string(taskRunUUID.uuidString),
            "startDate": .string(ResultDate.string(from: startDate)),
            "levels": .array(levels.map { level in
                var l: [String: JSONValue] = [
                    "sectionPath": .array(level.sectionPath.map { .string($0.rawValue) }),
                    "result": StepResult.section(level.result).json,
                ]
                if let c = level.current { l["current"] = .string(c.rawValue) }
                return .object(l)
            }),
            "previousResults": .object(previousResults.mapValues(\.json)),
            "cohorts": .array(cohorts.sorted().map { .string($0) }),
        ]
        if let stepPath { o["stepPath"] = .string(stepPath) }
        if let outputDirectory { o["outputDirectory"] = .string(outputDirectory) }
        return .object(o)
    }

    /// Reads the JSON form.
    public init(json: JSONValue) throws(RestoreError) {
        guard json["formatVersion"]?.intValue == Self.formatVersion else {
            throw RestoreError("not a StudyTerm restoration snapshot (formatVersion \(Self.formatVersion) expected)")
        }
        guard let id = json["taskIdentifier"]?.stringValue,
            let uuid = json["taskRunUUID"]?.stringValue.flatMap(UUID.init(uuidString:)),
            let start = json["startDate"]?.stringValue.flatMap(ResultDate.date(from:)),
            let rawLevels = json["levels"]?.arrayValue, !rawLevels.isEmpty
        else { throw RestoreError("the snapshot lacks taskIdentifier, taskRunUUID, startDate or levels") }
        var levels: [TaskRun.Level] = []
        for (i, l) in rawLevels.enumerated() {
            guard case .section(let r)? = try? StepResult(json: l["result"] ?? .null, path: "$.levels[\(i)].result") else {
                throw RestoreError("levels[\(i)].result is not a section result")
            }
            levels.append(TaskRun.Level(sectionPath: (l["sectionPath"]?.arrayValue ?? []).compactMap(\.stringValue).map { StepID($0) },
                                        result: r, current: l["current"]?.stringValue.map { StepID($0) }))
        }
        var previous: [String: StepResult] = [:]
        for (k, v) in json["previousResults"]?.objectValue ?? [:] {
            do { previous[k] = try StepResult(json: v, path: "$.previousResults.\(k)") } catch {
                throw RestoreError("previousResults.\(k): \(error.reason)")
            }
        }
        self.init(taskIdentifier: id, taskRunUUID: uuid, startDate: start, stepPath: json["stepPath"]?.stringValue,
                  levels: levels, previousResults: previous,
                  cohorts: Set((json["cohorts"]?.arrayValue ?? []).compactMap(\.stringValue)),
                  outputDirectory: json["outputDirectory"]?.stringValue)
    }

    init(taskIdentifier: String, taskRunUUID: UUID, startDate: Date, stepPath: String?, levels: [TaskRun.Level],
         previousResults: [String: StepResult], cohorts: Set<String>, outputDirectory: String?) {
        self.taskIdentifier = taskIdentifier
        self.taskRunUUID = taskRunUUID
        self.startDate = startDate
        self.stepPath = stepPath
        self.levels = levels
        self.previousResults = previousResults
        self.cohorts = cohorts
        self.outputDirectory = outputDirectory
    }
}

/// A snapshot that cannot be restored, with the reason.
public struct RestoreError: Error, Sendable, Equatable, CustomStringConvertible {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}

extension TaskRun {
    /// The restoration snapshot of this run now.
    public func snapshot() -> RunSnapshot {
        let restorable = currentStep?.isRestorable ?? true
        let state = restorable ? levels : (lastRestorable ?? [Level(sectionPath: [], result: BranchResult(identifier: task.identifier, startDate: startDate), current: nil)])
        var path: String?
        if let last = state.last, let c = last.current { path = (last.sectionPath + [c]).map(\.rawValue).joined(separator: "/") }
        return RunSnapshot(taskIdentifier: task.identifier, taskRunUUID: taskRunUUID, startDate: startDate, stepPath: path,
                           levels: state, previousResults: previousResults, cohorts: cohorts, outputDirectory: outputDirectory)
    }

    /// Resumes a run from its snapshot, at the same step with the same run UUID and answers.
    public init(task: TaskDefinition, restoring snapshot: RunSnapshot, now: Date,
                conditions: any TaskConditions = NoTaskConditions()) throws(RestoreError) {
        guard snapshot.taskIdentifier == task.identifier else {
            throw RestoreError("the snapshot is of task \"\(snapshot.taskIdentifier)\", not \"\(task.identifier)\"")
        }
        self.init(task: task, taskRunUUID: snapshot.taskRunUUID, now: snapshot.startDate, conditions: conditions,
                  cohorts: snapshot.cohorts)
        var list: StepList? = task.steps
        for (i, level) in snapshot.levels.enumerated() {
            guard level.sectionPath.count == i else { throw RestoreError("levels[\(i)] has a wrong section path") }
            if i > 0 {
                guard let inner = list?.step(level.sectionPath[i - 1])?.section?.steps else {
                    let name = level.sectionPath.map(\.rawValue).joined(separator: "/")
                    throw RestoreError("section \"\(name)\" is not in the task (was the file changed?)")
                }
                list = inner
            }
            if let c = level.current, list?.step(c) == nil {
                throw RestoreError("step \"\(c)\" is not in the task (was the file changed?)")
            }
        }
        levels = snapshot.levels
        if conditions.readsAnswers { answerIndex.update(levels) }  // observers do not run inside an initializer
        previousResults = snapshot.previousResults
        outputDirectory = snapshot.outputDirectory
        lastRestorable = levels
        if levels.count == 1, levels[0].current == nil { start(now: now) }
    }
}
