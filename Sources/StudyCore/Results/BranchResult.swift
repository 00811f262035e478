import Foundation

/// A navigator's result: every visit in `stepHistory`, the current route in `path`.
public struct BranchResult: Sendable, Equatable {
    public var identifier: String
    public var startDate: Date
    public var endDate: Date?
    /// Every visit, in order (v4: additive; a step replaces only an immediately preceding entry).
    public var stepHistory: [StepResult]
    /// Results of recorders and actions.
    public var asyncResults: [StepResult]
    /// The route: one marker per step shown, truncated when going back.
    public var path: [PathMarker]

    public init(identifier: String, startDate: Date, endDate: Date? = nil, stepHistory: [StepResult] = [],
                asyncResults: [StepResult] = [], path: [PathMarker] = []) {
        self.identifier = identifier
        self.startDate = startDate
        self.endDate = endDate
        self.stepHistory = stepHistory
        self.asyncResults = asyncResults
        self.path = path
    }

    /// Appends a result: replaces the last entry if it has the same identifier; adds a path marker
    /// unless the last marker is identical.
    public mutating func appendStepHistory(_ result: StepResult, direction: PathMarker.Direction) {
        if let last = stepHistory.last, last.identifier == result.identifier {
            stepHistory[stepHistory.count - 1] = result
        } else {
            stepHistory.append(result)
        }
        let marker = PathMarker(identifier: StepID(result.identifier), direction: direction)
        if path.last != marker { path.append(marker) }
    }

    /// Truncates `path` from the last marker for `id` and returns the history tail from `id`'s
    /// last occurrence (kept in history; returned so the caller can keep it for prefill).
    @discardableResult
    public mutating func removeStepHistory(from id: StepID) -> [StepResult] {
        if let p = path.lastIndex(where: { $0.identifier == id }) { path.removeSubrange(p...) }
        guard let h = stepHistory.lastIndex(where: { $0.identifier == id.rawValue }) else { return [] }
        return Array(stepHistory[h...])
    }

    /// The last result with this identifier, searching from the end.
    public func findResult(_ id: StepID) -> StepResult? {
        stepHistory.last { $0.identifier == id.rawValue }
    }

    /// The step ids on the current route.
    public var pathIdentifiers: [StepID] { path.map(\.identifier) }
}

/// One entry of a navigator's path.
public struct PathMarker: Sendable, Equatable, Hashable {
    /// How the step was reached.
    public enum Direction: String, Sendable, Equatable, Hashable { case forward, backward, exit }

    public var identifier: StepID
    public var direction: Direction

    public init(identifier: StepID, direction: Direction) {
        self.identifier = identifier
        self.direction = direction
    }
}
