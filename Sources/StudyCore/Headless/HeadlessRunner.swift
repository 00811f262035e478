import Foundation

/// Runs a task without a terminal, driven by an `AnswerScript`: how an author checks branching.
public struct HeadlessRunner: Sendable {
    public var task: TaskDefinition
    public var conditions: any TaskConditions
    public var prefill: TaskResult?
    /// Answers by field identifier proposed before the participant answers (a loaded QuestionnaireResponse).
    public var prefillAnswers: [String: JSONValue] = [:]

    public init(task: TaskDefinition, conditions: any TaskConditions = NoTaskConditions(), prefill: TaskResult? = nil) {
        self.task = task
        self.conditions = conditions
        self.prefill = prefill
    }

    /// What a headless run produced.
    public struct Outcome: Sendable {
        public var run: TaskRun
        /// Set when the script stopped the run (wrong step, invalid answer, ran out, loop).
        public var error: ScriptError?
        public var path: [String] { run.result.flattenedPath }
    }

    /// Runs the script; `clock` gives the time of each event.
    public func run(_ script: AnswerScript, clock: () -> Date = Date.init) -> Outcome {
        var run = TaskRun(task: task, now: clock(), conditions: conditions, prefill: prefill)
        run.prefillAnswers = prefillAnswers
        run.start(now: clock())
        var error: ScriptError?
        switch script {
        case .events(let events):
            for (i, event) in events.enumerated() {
                guard let step = run.currentStep else {
                    error = ScriptError("event \(i + 1): the task already ended (\(run.finishReason?.rawValue ?? "finished")); \(events.count - i) event(s) left over")
                    break
                }
                if let expected = event.step, expected != step.identifier.rawValue, expected != run.currentPath {
                    error = ScriptError("event \(i + 1) is for step \"\(expected)\" but the current step is \"\(run.currentPath ?? step.identifier.rawValue)\"")
                    break
                }
                if let e = apply(event, to: &run, step: step, clock: clock) {
                    error = ScriptError("event \(i + 1): \(e.message)")
                    break
                }
            }
            if error == nil, !run.isFinished, let path = run.currentPath {
                error = ScriptError("the script ended at step \"\(path)\" before the task finished")
            }
        case .answers(let map):
            // An answers map gives a step the same answers every time, so a run that comes back to
            // a step with the answers it had there before repeats itself for ever: that repeated
            // state, not a number of steps, is a loop. Answers are compared only on a step's second
            // and later visits, so a long task without loops costs nothing extra.
            var visits: [String: [AnswerSnapshot]] = [:]
            while let step = run.currentStep {
                let here = run.currentPath ?? step.identifier.rawValue
                if let seen = visits[here] {
                    let state = run.answerSnapshot
                    if seen.contains(state) {
                        error = ScriptError("the run came back to step \"\(here)\" with the same answers as before: the task loops there (with these answers it would never end)")
                        break
                    }
                    visits[here] = seen + [state]
                } else {
                    visits[here] = []
                }
                var answer = run.currentPath.flatMap { map[$0] } ?? map[step.identifier.rawValue]
                if answer == nil, let q = step.question, q.fields.count > 1 {
                    // Fields answered by their own identifier (a FHIR linkId on a page of several items).
                    var object: [String: JSONValue] = [:]
                    for f in q.fields { if let v = map[f.identifier] { object[f.identifier] = v } }
                    if !object.isEmpty { answer = .object(object) }
                }
                let event = AnswerScript.Event(step: nil, answer: answer, action: answer == nil ? .next : nil)
                if let e = apply(event, to: &run, step: step, clock: clock) { error = e; break }
            }
        }
        return Outcome(run: run, error: error)
    }

    /// Applies one event; returns why it could not be applied.
    func apply(_ event: AnswerScript.Event, to run: inout TaskRun, step: StepDefinition, clock: () -> Date) -> ScriptError? {
        let now = clock()
        let name = run.currentPath ?? step.identifier.rawValue
        if let answer = event.answer {
            guard let q = step.question else { return ScriptError("step \"\(name)\" asks no question; use {\"action\": \"next\"}") }
            var given: [String: JSONValue]
            if q.fields.count == 1 {
                given = [q.fields[0].identifier: answer]
            } else if answer == .null {
                given = [:]
            } else {
                guard case .object(let o) = answer else {
                    return ScriptError("step \"\(name)\" has \(q.fields.count) fields; answer with an object keyed by \(q.fields.map(\.identifier).joined(separator: ", "))")
                }
                for key in o.keys.sorted() where !q.fields.contains(where: { $0.identifier == key }) {
                    return ScriptError("step \"\(name)\" has no field \"\(key)\"")
                }
                given = o
            }
            run.setAnswers(given, now: now)
            // An explicit null leaves the step unanswered (how an author tests the no-answer branch);
            // any other answer is validated as the participant's would be.
            if answer != .null, let e = validate(&run, step: step, name: name, now: now) { return e }
            run.goForward(now: now)
            return nil
        }
        switch event.action ?? .next {
        case .next:
            if let e = validate(&run, step: step, name: name, now: now) { return e }
            run.goForward(now: now)
        case .skip: run.skip(now: now)
        case .back:
            guard run.canGoBack else { return ScriptError("step \"\(name)\" cannot go back") }
            run.goBack(now: now)
        case .cancel: run.cancel(save: false, now: now)
        }
        return nil
    }

    /// Validates the current answers and stores them normalised; returns the first problem.
    func validate(_ run: inout TaskRun, step: StepDefinition, name: String, now: Date) -> ScriptError? {
        guard let q = step.question else { return nil }
        // The snapshot lives only while the answers are checked: the run's answer index is then
        // updated in place, not copied (a snapshot shares its storage).
        let checked = { () -> Result<[String: JSONValue], ScriptError> in
            let validator = AnswerValidator(now: now)
            var answers = run.currentAnswers
            let snapshot = conditions.readsAnswers ? run.answerSnapshot : AnswerSnapshot()
            let fixed = run.fixedAnswers(of: q)   // calculated and read-only values, as the screen keeps them
            for f in q.fields {
                guard conditions.isFieldEnabled(f.identifier, answers: snapshot) else {
                    answers[f.identifier] = .null
                    continue
                }
                if f.isReadOnly || f.isHidden, let v = fixed[f.identifier] {
                    answers[f.identifier] = v
                    continue
                }
                switch validated(answers[f.identifier] ?? .null, for: f, validator, snapshot) {
                case .success(let v): answers[f.identifier] = v
                case .failure(let m):
                    return .failure(ScriptError(q.fields.count == 1 ? "step \"\(name)\": \(m.text)" : "step \"\(name)\", field \"\(f.identifier)\": \(m.text)"))
                }
            }
            return .success(answers)
        }()
        switch checked {
        case .failure(let error): return error
        case .success(let answers):
            run.setAnswers(answers, now: now)
            return nil
        }
    }

    /// `value` checked for `field`; in a repeating group, the fields the conditions disable in an
    /// entry are left out of it, neither required nor kept (as on the step's screen).
    private func validated(_ value: JSONValue, for field: InputField, _ validator: AnswerValidator,
                           _ snapshot: AnswerSnapshot) -> Result<JSONValue, ValidationMessage> {
        guard conditions.readsAnswers, case .repeatingGroup(let o) = field.kind, let items = value.arrayValue else {
            return validator.validate(value, for: field)
        }
        var kept: [JSONValue] = []
        var disabled: [Set<String>] = []
        for item in items {
            let off = conditions.disabledFields(o.fields, inEntry: item, ofGroup: field.identifier, answers: snapshot.values)
            guard case .object(var members) = item else { kept.append(item); disabled.append(off); continue }
            for id in off { members[id] = nil }
            kept.append(.object(members))
            disabled.append(off)
        }
        return validator.validate(.array(kept), for: field, disabledInEntries: disabled)
    }
}
