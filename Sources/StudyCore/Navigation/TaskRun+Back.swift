import Foundation

extension TaskRun {
    /// The step before the current one on the visited path, across section boundaries.
    func previousTarget() -> (level: Int, id: StepID)? {
        var i = levels.count - 1
        var current = levels[i].current
        while i >= 0 {
            let path = levels[i].result.pathIdentifiers
            let prev: StepID?
            if let c = current, let at = path.lastIndex(of: c) { prev = at > 0 ? path[at - 1] : nil } else { prev = path.last }
            if let prev { return (i, prev) }
            guard i > 0 else { return nil }
            current = levels[i].sectionPath.last
            i -= 1
        }
        return nil
    }

    /// True when Back is possible: a previous step exists, it is not an active step, and the current
    /// step does not move on by itself.
    public var canGoBack: Bool {
        guard let step = currentStep, !(step.active?.transitionsAutomatically ?? false),
            let (level, id) = previousTarget() else { return false }
        let prev = stepList(for: levels[level].sectionPath).step(id)
        return prev?.active == nil
    }

    /// Goes back along the visited path; the left results are kept for prefill.
    public mutating func goBack(now: Date) {
        guard !isFinished, canGoBack, let (level, id) = previousTarget() else { return }
        while levels.count - 1 > level {
            let child = levels.removeLast()
            let prefix = Self.prefix(of: child.sectionPath)
            for r in child.result.stepHistory { previousResults[StepID.path(prefix, r.identifier)] = r }
        }
        if var r = currentResult {
            r.setEndDate(now)
            replaceCurrentResult(r)
        }
        let tail = levels[level].result.removeStepHistory(from: id)
        keepForPrefill(tail, level: level)
        guard let step = stepList(for: levels[level].sectionPath).step(id) else { return }
        if step.section != nil, case .section(let stored)? = tail.first {
            reenter(section: step.identifier, stored: stored, now: now)
        } else {
            show(step, direction: .backward, now: now)
        }
    }

    /// Re-enters a finished section at its last visited child (its history kept as it was).
    mutating func reenter(section id: StepID, stored: BranchResult, now: Date) {
        let parent = levels.count - 1
        levels[parent].current = nil
        levels.append(Level(sectionPath: levels[parent].sectionPath + [id], result: stored, current: nil))
        let i = levels.count - 1
        guard let last = stored.path.last?.identifier, let child = stepList(for: levels[i].sectionPath).step(last) else {
            levels.removeLast()
            levels[parent].current = id
            goBack(now: now)
            return
        }
        if child.section != nil, case .section(let inner)? = stored.findResult(last) {
            levels[i].result.removeStepHistory(from: last)
            reenter(section: last, stored: inner, now: now)
        } else {
            levels[i].current = last
            let fresh = levels[i].result.findResult(last)?.restarted(at: now)
                ?? freshResult(for: child, path: fullPath(i, last), now: now)
            levels[i].result.appendStepHistory(fresh, direction: .backward)
        }
    }
}
