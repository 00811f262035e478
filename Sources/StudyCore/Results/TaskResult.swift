import Foundation

/// Why a run ended (ResearchKit and SageResearch use the same set, `timedOut` aside).
public enum FinishReason: String, Sendable, Equatable, Codable, CaseIterable {
    case completed, saved, discarded, failed, earlyExit
    /// Stopped because the participant was inactive (a kiosk's idle timeout); the answers so far
    /// are kept or dropped by the station's partial-answer policy.
    case timedOut
}

/// The result of a whole run: the root branch plus the run identity.
public struct TaskResult: Sendable, Equatable {
    /// The root navigator's result (its identifier is the task identifier).
    public var root: BranchResult
    /// Shared by every result of this run, kept across save and restore.
    public var taskRunUUID: UUID
    public var schemaIdentifier: String?
    public var versionString: String?
    /// How the run ended; nil while running.
    public var finishReason: FinishReason?
    /// Where file results live.
    public var outputDirectory: String?

    public init(root: BranchResult, taskRunUUID: UUID, schemaIdentifier: String? = nil,
                versionString: String? = nil, finishReason: FinishReason? = nil, outputDirectory: String? = nil) {
        self.root = root
        self.taskRunUUID = taskRunUUID
        self.schemaIdentifier = schemaIdentifier
        self.versionString = versionString
        self.finishReason = finishReason
        self.outputDirectory = outputDirectory
    }

    /// The task identifier.
    public var identifier: String { root.identifier }

    /// The route the run ends on, with section children written `section/child`.
    public var flattenedPath: [String] { root.flattenedPath(prefix: "") }

    /// The answers on the current route keyed by `section/step/field` path (what ResearchKit reports).
    public var answersOnPath: [(path: String, value: JSONValue)] { root.answersOnPath(prefix: "") }
}

extension BranchResult {
    /// The route, expanding finished sections into `section/child` entries.
    public func flattenedPath(prefix: String) -> [String] {
        var out: [String] = []
        var latest: [String: Int] = [:]  // the last history entry of each id, found in one pass (linear)
        latest.reserveCapacity(stepHistory.count)
        for (i, r) in stepHistory.enumerated() { latest[r.identifier] = i }
        for marker in path {
            let name = StepID.path(prefix, marker.identifier.rawValue)
            if let index = latest[marker.identifier.rawValue], case .section(let child) = stepHistory[index] {
                let inner = child.flattenedPath(prefix: name + "/")
                out.append(contentsOf: inner.isEmpty ? [name] : inner)
            } else {
                out.append(name)
            }
        }
        return out
    }

    /// Answers of the steps on the route (latest visit of each), keyed by full path.
    public func answersOnPath(prefix: String) -> [(path: String, value: JSONValue)] {
        var out: [(String, JSONValue)] = []
        var seen = Set<StepID>()
        var latest: [String: Int] = [:]  // the last history entry of each id, found in one pass
        latest.reserveCapacity(stepHistory.count)
        for (i, r) in stepHistory.enumerated() { latest[r.identifier] = i }
        for marker in path where seen.insert(marker.identifier).inserted {
            guard let index = latest[marker.identifier.rawValue] else { continue }
            let result = stepHistory[index]
            let name = StepID.path(prefix, marker.identifier.rawValue)
            switch result {
            case .section(let child): out.append(contentsOf: child.answersOnPath(prefix: name + "/"))
            case .answer(let a): out.append((name, a.value))
            case .collection(let c):
                for child in c.children {
                    if case .answer(let a) = child {
                        out.append((a.identifier == c.identifier ? name : StepID.path(name + "/", a.identifier), a.value))
                    }
                }
            default: break
            }
        }
        return out
    }

    /// The answers of the steps on the route (latest visit of each) by field identifier (a
    /// step's own identifier for a one-answer step), sections included: what task conditions read.
    public func collectAnswers(into values: inout [String: JSONValue]) {
        var seen = Set<StepID>()
        var latest: [String: Int] = [:]
        latest.reserveCapacity(stepHistory.count)
        for (i, r) in stepHistory.enumerated() { latest[r.identifier] = i }
        for marker in path where seen.insert(marker.identifier).inserted {
            guard let index = latest[marker.identifier.rawValue] else { continue }
            switch stepHistory[index] {
            case .section(let child): child.collectAnswers(into: &values)
            case .answer(let a): if a.value != .null { values[marker.identifier.rawValue] = a.value }
            case .collection(let c):
                for case .answer(let a) in c.children where a.value != .null { values[a.identifier] = a.value }
            default: break
            }
        }
    }
}
