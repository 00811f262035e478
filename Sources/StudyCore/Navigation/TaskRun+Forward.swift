import Foundation

extension TaskRun {
    /// Shows the first step.
    public mutating func start(now: Date) {
        precondition(levels.count == 1 && levels[0].current == nil, "start is called once")
        startDate = now
        levels[0].result.startDate = now
        advance(from: nil, now: now)
    }

    /// Replaces the current step's answers (keyed by field identifier).
    public mutating func setAnswers(_ answers: [String: JSONValue], now: Date) {
        guard let step = currentStep, let q = step.question, let current = currentResult else { return }
        let r = q.makeResult(stepID: step.identifier, answers: answers, startDate: current.startDate, endDate: now,
                             questionText: step.title)
        replaceCurrentResult(r)
    }

    /// Stores what the current step measured as its result, under the step's identifier and with
    /// its start; the step must not ask a question (a measurement never replaces answers).
    public mutating func setMeasurement(_ measured: MeasurementResult, now: Date) {
        guard let step = currentStep, step.question == nil, let current = currentResult else { return }
        var result = measured
        result.identifier = step.identifier.rawValue
        result.startDate = current.startDate
        result.endDate = now
        replaceCurrentResult(.measurement(result))
    }

    /// Records that the current step was not done, with `reason`, and sends the run to `goTo`
    /// next when given (a timed step's untimed alternative); a step that asks questions keeps its
    /// answers.
    public mutating func markSkipped(reason: String, goTo: StepID?, now: Date) {
        guard let step = currentStep, step.question == nil, let current = currentResult else { return }
        replaceCurrentResult(.base(BaseResult(identifier: step.identifier.rawValue, startDate: current.startDate, endDate: now,
                                              skipToIdentifier: goTo?.rawValue, skipReason: reason)))
    }

    /// Replaces the current step's result (active steps, file results).
    public mutating func replaceCurrentResult(_ result: StepResult) {
        guard let i = levels.indices.last, let id = levels[i].current,
            levels[i].result.stepHistory.last?.identifier == id.rawValue else { return }
        levels[i].result.stepHistory[levels[i].result.stepHistory.count - 1] = result
    }

    /// Adds a result to the root's async results (recorders, abandon marks).
    public mutating func addAsyncResult(_ result: StepResult) {
        levels[0].result.asyncResults.removeAll { $0.identifier == result.identifier }
        levels[0].result.asyncResults.append(result)
    }

    /// Leaves the current step forward: applies its rules and shows the next step, or finishes.
    public mutating func goForward(now: Date) {
        guard !isFinished, let i = levels.indices.last, let id = levels[i].current, let step = currentStep else { return }
        if var r = currentResult {
            r.setEndDate(now)
            // A step the terminal cannot perform is left as skipped, with the reason.
            if TerminalLimits.isUnrunnable(step), case .base(var b) = r {
                b.skipReason = TerminalLimits.skipReason
                r = .base(b)
            }
            replaceCurrentResult(r)
        }
        if let q = step.question, let r = currentResult {
            let outcome = RuleEvaluator.evaluate(q, answers: q.answers(in: r), stepAnswer: r.singleValue)
            cohorts.subtract(outcome.cohortsToRemove)
            cohorts.formUnion(outcome.cohortsToAdd)
        }
        if step.isRestorable, keepsRestorableState { lastRestorable = levels }
        advance(from: id, now: now)
    }

    /// Skips the current step: a skip action's target, or forward with no answer.
    public mutating func skip(now: Date) {
        guard let step = currentStep, var r = currentResult else { return }
        if let target = step.actions[.skip]?.skipTo {
            switch r {
            case .base(var b): b.skipToIdentifier = target.rawValue; r = .base(b)
            case .answer(var a): a.skipToIdentifier = target.rawValue; r = .answer(a)
            case .collection(var c): c.skipToIdentifier = target.rawValue; r = .collection(c)
            default: break
            }
            replaceCurrentResult(r)
        } else if let q = step.question {
            setAnswers(fixedAnswers(of: q), now: now)
        }
        goForward(now: now)
    }

    /// The values of a step's fields the participant does not give: calculated or read-only
    /// (with their initial value) and hidden ones. A skip keeps them, so that every export of a
    /// skipped step agrees (the FHIR response computes them from the other answers anyway).
    func fixedAnswers(of q: QuestionStep) -> [String: JSONValue] {
        let fixed = q.fields.filter { $0.isReadOnly || $0.isHidden }
        guard !fixed.isEmpty else { return [:] }
        let calculated = conditions.readsAnswers ? conditions.calculatedValues(answers: answerSnapshot) : [:]
        var out: [String: JSONValue] = [:]
        for f in fixed {
            if let v = calculated[f.identifier] ?? f.initialValue, v != .null { out[f.identifier] = v }
        }
        return out
    }

    /// Ends the run without completing it: saved (restorable) or discarded.
    public mutating func cancel(save: Bool, now: Date) { finish(save ? .saved : .discarded, now: now) }

    /// Ends the run because the participant was inactive (`timedOut`). Without `keepPartial` the
    /// run keeps no answer: its results, the answers left by going back and the prefill are dropped,
    /// and its result is an empty one with the run's dates.
    public mutating func timeOut(keepPartial: Bool, now: Date) {
        guard !isFinished else { return }
        if !keepPartial {
            levels = [Level(sectionPath: [], result: BranchResult(identifier: task.identifier, startDate: startDate), current: nil)]
            previousResults = [:]
            lastRestorable = nil
            prefill = nil
            prefillAnswers = [:]
        }
        finish(.timedOut, now: now)
    }

    /// Ends the run as failed, recording why.
    public mutating func fail(_ reason: String, now: Date) {
        failure = reason
        addAsyncResult(.error(ErrorResult(identifier: "taskFailure", startDate: now, errorDescription: reason)))
        finish(.failed, now: now)
    }

    /// `abandonAssessment`: finishes at once, reported as completed, with an abandon mark.
    public mutating func abandon(now: Date) {
        let i = levels.count - 1
        let mark = StepResult.answer(AnswerResult(identifier: "abandonAssessment", startDate: now,
                                                  answerType: AnswerType(.boolean), value: true))
        levels[i].result.asyncResults.append(mark)  // the path that handled the action
        if i > 0 { levels[0].result.asyncResults.append(mark) }  // and the root, flagged abandoned
        finish(.completed, now: now)
    }

    mutating func finish(_ reason: FinishReason, now: Date) {
        guard !isFinished else { return }
        if var r = currentResult {
            r.setEndDate(now)
            replaceCurrentResult(r)
        }
        finishReason = reason
        endDate = now
        for i in levels.indices { levels[i].result.endDate = levels[i].result.endDate ?? now }
    }

    /// Asks the current level's navigator for the next step, climbing out of finished sections.
    mutating func advance(from previous: StepID?, now: Date) {
        var previous = previous
        while true {
            let i = levels.count - 1
            var passed: [StepDefinition] = []
            let decision = navigator(i).next(after: previous, result: levels[i].result, peeking: false, passedOver: &passed)
            recordPresets(passed, level: i, now: now)
            switch decision {
            case .exit:
                finish(.earlyExit, now: now)
                return
            case .step(let step, let direction):
                if direction == .backward { keepForPrefill(levels[i].result.removeStepHistory(from: step.identifier), level: i) }
                show(step, direction: direction, now: now)
                return
            case .end:
                if i == 0 {
                    levels[0].current = nil
                    finish(.completed, now: now)
                    return
                }
                var child = levels.removeLast()
                child.result.endDate = now
                let sectionID = child.sectionPath.last!
                levels[i - 1].result.appendStepHistory(.section(child.result), direction: .forward)
                previous = sectionID
            }
        }
    }

    /// Records the preset answers of steps passed over ("skip with result").
    mutating func recordPresets(_ steps: [StepDefinition], level i: Int, now: Date) {
        guard !steps.isEmpty else { return }
        let answers = conditions.readsAnswers ? answerSnapshot : AnswerSnapshot()
        var calculated: [String: JSONValue]?
        for step in steps {
            if let q = step.question, q.fields.allSatisfy(\.isHidden) {
                // A step of hidden fields (a calculated score) is not shown, but its values are kept.
                if calculated == nil { calculated = conditions.calculatedValues(answers: answers) }
                let values = q.fields.reduce(into: [String: JSONValue]()) { $0[$1.identifier] = calculated?[$1.identifier] ?? $1.initialValue }
                if values.values.contains(where: { $0 != .null }) {
                    levels[i].result.appendStepHistory(q.makeResult(stepID: step.identifier, answers: values, startDate: now, endDate: now), direction: .forward)
                }
                continue
            }
            guard let value = conditions.presetAnswer(for: step.identifier, answers: answers) else { continue }
            let r: StepResult
            if let q = step.question {
                r = q.makeResult(stepID: step.identifier, answers: [q.fields[0].identifier: value], startDate: now, endDate: now)
            } else {
                r = .answer(AnswerResult(identifier: step.identifier.rawValue, startDate: now, answerType: AnswerType(.string), value: value))
            }
            levels[i].result.appendStepHistory(r, direction: .forward)
        }
    }

    /// Shows a step: enters sections, or appends a fresh (prefilled) result for a leaf.
    mutating func show(_ step: StepDefinition, direction: PathMarker.Direction, now: Date) {
        let i = levels.count - 1
        if step.section != nil {
            levels[i].current = nil
            levels.append(Level(sectionPath: levels[i].sectionPath + [step.identifier],
                                result: BranchResult(identifier: step.identifier.rawValue, startDate: now), current: nil))
            advance(from: nil, now: now)
            return
        }
        levels[i].current = step.identifier
        levels[i].result.appendStepHistory(freshResult(for: step, path: fullPath(i, step.identifier), now: now),
                                           direction: direction)
        if step.isRestorable, keepsRestorableState { lastRestorable = levels }
    }

    func freshResult(for step: StepDefinition, path: String, now: Date) -> StepResult {
        if let earlier = previousResults[path] { return earlier.restarted(at: now) }
        if let q = step.question {
            var answers: [String: JSONValue] = [:]
            for f in q.fields {
                if let v = prefillAnswers[f.identifier] ?? f.initialValue { answers[f.identifier] = v }
            }
            if let old = prefill.flatMap({ Self.find(path: path, in: $0.root) }) {
                for (k, v) in q.answers(in: old) where v != .null { answers[k] = v }
            }
            return q.makeResult(stepID: step.identifier, answers: answers, startDate: now, questionText: step.title)
        }
        return .base(BaseResult(identifier: step.identifier.rawValue, startDate: now))
    }

    /// The latest result at a `section/child` path in a result tree.
    static func find(path: String, in branch: BranchResult, prefix: String = "") -> StepResult? {
        for r in branch.stepHistory.reversed() {
            let name = StepID.path(prefix, r.identifier)
            if name == path { return r }
            if path.hasPrefix(name + "/"), case .section(let inner) = r { return find(path: path, in: inner, prefix: name + "/") }
        }
        return nil
    }

    mutating func keepForPrefill(_ results: [StepResult], level i: Int) {
        for r in results {
            let path = fullPath(i, StepID(r.identifier))
            if case .section(let inner) = r {
                for child in inner.stepHistory { keep(child, under: path) }
            }
            previousResults[path] = r
        }
    }

    private mutating func keep(_ r: StepResult, under prefix: String) {
        let path = StepID.path(prefix + "/", r.identifier)
        if case .section(let inner) = r { for child in inner.stepHistory { keep(child, under: path) } }
        previousResults[path] = r
    }
}
