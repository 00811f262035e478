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
    /// The progress of the current step. Progress markers give it exactly (the innermost list
    /// with markers that names a step on the route; with markers but none reached yet, there is
    /// none). Without markers anywhere it is estimated over the whole task, sections unfolded:
    /// the steps shown so far on the route, plus the steps that can still be shown after this one
    /// (in file order, leaving out those the task's conditions skip whatever the answers still to
    /// come: a condition not decided yet counts its step). So it climbs by one at every Next, and
    /// its total only shrinks as answers rule steps out: it never adds work the participant was
    /// not told about.
    public var progress: Progress? {
        guard let last = levels.indices.last, var step = levels[last].current else { return nil }
        var hasMarkers = false
        var i = last
        while true {
            let list = stepList(for: levels[i].sectionPath)
            if list.progressMarkers != nil {
                hasMarkers = true
                if let p = Self.progress(of: step, list: list, result: levels[i].result) { return p }
            }
            guard i > 0 else { break }
            step = levels[i].sectionPath.last!
            i -= 1
        }
        return hasMarkers ? nil : estimatedProgress
    }

    /// The estimate over the whole task (see ``progress``).
    var estimatedProgress: Progress {
        let shown = result.flattenedPath.count
        var remaining = 0
        let undecided = undecidedAhead
        for i in levels.indices.reversed() {
            let from = i == levels.count - 1 ? levels[i].current : levels[i + 1].sectionPath.last
            var navigator = navigator(i)
            var context = navigator.context
            context.undecided = undecided
            navigator = Navigator(list: navigator.list, context: context)
            var seen: Set<StepID> = []
            var at = from
            while case .step(let next, _) = navigator.next(after: at, result: levels[i].result, peeking: true),
                  seen.insert(next.identifier).inserted {
                remaining += Self.stepsShown(in: next, context: navigator.context)
                at = next.identifier
            }
        }
        return Progress(current: max(1, shown), total: max(1, shown) + remaining, isEstimated: true)
    }

    /// What answers still to come may change: the current step and every step after it in file
    /// order at each level (sections unfolded), with their fields.
    var undecidedAhead: Navigator.Undecided {
        var ahead = Navigator.Undecided()
        if let step = currentStep { Self.collect(step, into: &ahead) }
        for i in levels.indices {
            let list = stepList(for: levels[i].sectionPath)
            let from = i == levels.count - 1 ? levels[i].current : levels[i + 1].sectionPath.last
            guard let from, let at = list.index(of: from) else { continue }
            for step in list.steps[(at + 1)...] { Self.collect(step, into: &ahead) }
        }
        return ahead
    }

    /// Adds a step, its fields and its section's steps to `ahead`.
    static func collect(_ step: StepDefinition, into ahead: inout Navigator.Undecided) {
        ahead.identifiers.insert(step.identifier.rawValue)
        if !step.afterCohortRules.isEmpty { ahead.cohortsMayChange = true }
        if let q = step.question {
            if q.stepRules.contains(where: { $0.cohort != nil }) { ahead.cohortsMayChange = true }
            for f in q.fields {
                ahead.identifiers.insert(f.identifier)
                if f.surveyRules.contains(where: { $0.cohort != nil }) { ahead.cohortsMayChange = true }
            }
        }
        if let section = step.section {
            for child in section.steps.steps { collect(child, into: &ahead) }
        }
    }

    /// How many screens `step` shows: one, or for a section, those of its steps the conditions
    /// do not skip.
    static func stepsShown(in step: StepDefinition, context: Navigator.Context) -> Int {
        guard let section = step.section else { return 1 }
        let navigator = Navigator(list: section.steps, context: context)
        return section.steps.steps.reduce(0) { $0 + (navigator.shouldSkip($1) ? 0 : stepsShown(in: $1, context: context)) }
    }

    /// Exact progress from one navigator's markers (nil: no marker reached yet, or past the last).
    static func progress(of step: StepID, list: StepList, result: BranchResult) -> Progress? {
        guard let markers = list.progressMarkers else { return nil }
        let visited = result.pathIdentifiers
        let seen = Set(visited + [step])
        guard let idx = markers.lastIndex(where: seen.contains) else { return nil }
        if idx == markers.count - 1, !markers.contains(step) { return nil }
        return Progress(current: idx + 1, total: markers.count, isEstimated: false)
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
