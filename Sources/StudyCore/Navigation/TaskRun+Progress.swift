/// Progress through a task: exact with progress markers, estimated without.
public struct Progress: Sendable, Equatable, CustomStringConvertible {
    public var current: Int
    public var total: Int
    public var isEstimated: Bool

    public init(current: Int, total: Int, isEstimated: Bool) {
        self.current = current
        self.total = total
        self.isEstimated = isEstimated
    }

    public var description: String { "\(current) of \(total)\(isEstimated ? " (estimated)" : "")" }
}

extension TaskRun {
    /// The progress of the current step; climbs to the parent while a section's progress is unknown or estimated.
    public var progress: Progress? {
        guard var i = levels.indices.last, var step = levels[i].current else { return nil }
        var best: Progress?
        while true {
            let p = Self.progress(of: step, list: stepList(for: levels[i].sectionPath), result: levels[i].result)
            if let p, !p.isEstimated { return p }
            if best == nil { best = p }
            guard i > 0 else { return best }
            step = levels[i].sectionPath.last!
            i -= 1
            if let p { best = p }
        }
    }

    /// SageResearch's progress for one navigator.
    static func progress(of step: StepID, list: StepList, result: BranchResult) -> Progress? {
        let visited = result.pathIdentifiers
        if let markers = list.progressMarkers {
            let seen = Set(visited + [step])
            guard let idx = markers.lastIndex(where: seen.contains) else { return nil }
            if idx == markers.count - 1, !markers.contains(step) { return nil }
            return Progress(current: idx + 1, total: markers.count, isEstimated: false)
        }
        let all = Set(list.steps.map(\.identifier)).union(visited)
        let before = Set(visited).subtracting([step])
        return Progress(current: before.count + 1, total: all.count, isEstimated: true)
    }

    /// True when some level has a step after its current one (peeking: survey rules ignored),
    /// so the forward button reads Next rather than Done.
    public var hasStepAfter: Bool {
        var i = levels.count - 1
        var step = levels[i].current
        while i >= 0 {
            if case .step = navigator(i).next(after: step, result: levels[i].result, peeking: true) { return true }
            guard i > 0 else { return false }
            step = levels[i].sectionPath.last
            i -= 1
        }
        return false
    }
}
