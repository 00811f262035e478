import StudyCore

extension QuestionnaireEngine {
    /// Marks the item at position `i` for re-evaluation.
    mutating func mark(_ i: Int) {
        let r = program.rank[i]
        guard !dirty[r] else { return }
        dirty[r] = true
        if r < dirtyRange.low { dirtyRange.low = r }
        if r > dirtyRange.high { dirtyRange.high = r }
    }

    /// Records that what item `i` shows to others changed: its dependents must be re-evaluated.
    mutating func changed(_ i: Int) {
        resourceCache = nil
        rootVariableCache = nil
        for d in program.dependents[i] { mark(d) }
        for w in program.wildcard where w != i { mark(w) }
    }

    /// Re-evaluates the marked items in dependency order; returns the linkIds that changed, in document order.
    @discardableResult
    mutating func sweep(collect: Bool) -> [String] {
        var out: [Int] = []
        var r = dirtyRange.low
        while r <= dirtyRange.high {
            guard dirty[r] else { r += 1; continue }
            let i = program.order[r]
            if let range = program.cycle[i] {
                for k in range { dirty[k] = false }
                for k in evaluateCycle(range) {
                    changed(k)
                    if collect { out.append(k) }
                }
                for k in range { dirty[k] = false }
                r = range.upperBound + 1
                continue
            }
            dirty[r] = false
            if evaluate(i) {
                changed(i)
                if collect { out.append(i) }
            }
            r += 1
        }
        dirtyRange = (Int.max, -1)
        return Set(out).sorted().map { program.model.table.items[$0].linkId }
    }

    /// Evaluates the items of a dependency cycle until nothing changes (bounded); returns those that changed.
    private mutating func evaluateCycle(_ range: ClosedRange<Int>) -> [Int] {
        var changedItems = Set<Int>()
        for _ in 0..<(range.count + 2) {
            var any = false
            for r in range {
                let i = program.order[r]
                if evaluate(i) { any = true; changedItems.insert(i); resourceCache = nil; rootVariableCache = nil }
            }
            if !any { break }
        }
        return changedItems.sorted()
    }

    /// Re-computes enablement and the calculated value of item `i`; true when either changed.
    mutating func evaluate(_ i: Int) -> Bool {
        let p = program.parent[i]
        var on = (p < 0 || enabled[p]) && conditionsHold(i)
        if on, let e = program.enableExpression[i] {
            let r = evaluate(e, at: i)
            on = r.count == 1 && r[0].value == .boolean(true)
        }
        var didChange = on != enabled[i]
        enabled[i] = on
        if let e = program.calculatedExpression[i] {
            let value = on ? calculate(e, at: i) : nil
            if value != calculated[i] {
                calculated[i] = value
                calculatedFHIR[i] = AnswerCoding.fhirValues(value, item: program.model.table.items[i])
                didChange = true
            }
        }
        return didChange
    }

    /// The enableWhen conditions of item `i` combined with its enableBehavior (true without conditions).
    private func conditionsHold(_ i: Int) -> Bool {
        let conditions = program.conditions[i]
        if conditions.isEmpty { return true }
        if program.behavior[i] == .any { return conditions.contains { holds($0) } }
        return conditions.allSatisfy { holds($0) }
    }

    /// One enableWhen with R4 semantics: `=` and comparisons hold when any answer matches, `!=` when
    /// no answer equals, `exists` when having an answer equals the operand. Disabled questions have no answers.
    func holds(_ c: ConditionProgram.Condition) -> Bool {
        let answers = c.question >= 0 ? effective(c.question) : []
        switch c.op {
        case .exists:
            if case .boolean(let b) = c.answer { return answers.isEmpty != b }
            return false
        case .equal: return answers.contains { FHIRValueComparison.equal($0, c.answer) }
        case .notEqual: return !answers.contains { FHIRValueComparison.equal($0, c.answer) }
        case .greaterThan: return answers.contains { FHIRValueComparison.compare($0, c.answer) == .orderedDescending }
        case .lessThan: return answers.contains { FHIRValueComparison.compare($0, c.answer) == .orderedAscending }
        case .greaterOrEqual:
            return answers.contains { FHIRValueComparison.compare($0, c.answer).map { $0 != .orderedAscending } ?? false }
        case .lessOrEqual:
            return answers.contains { FHIRValueComparison.compare($0, c.answer).map { $0 != .orderedDescending } ?? false }
        }
    }
}
