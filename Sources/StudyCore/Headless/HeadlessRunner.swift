import Foundation

/// Runs a task without a terminal, driven by an `AnswerScript`: how an author checks branching.
public struct HeadlessRunner: Sendable {
    public var task: TaskDefinition
    public var conditions: any TaskConditions
    public var prefill: TaskResult?
    /// Answers by field identifier proposed before the participant answers (a loaded QuestionnaireResponse).
    public var prefillAnswers: [String: JSONValue] = [:]
    /// The time zone dates are read in, as on the screen.
    public var timeZone: TimeZone = .current

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

    /// Applies one event through the step's controller and ``TaskRun/apply(_:now:save:)``, as the
    /// screen does; returns why it could not be applied.
    func apply(_ event: AnswerScript.Event, to run: inout TaskRun, step: StepDefinition, clock: () -> Date) -> ScriptError? {
        let now = clock()
        let name = run.currentPath ?? step.identifier.rawValue
        let request: RunRequest
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
            // An explicit null leaves the step unanswered (how an author tests the no-answer branch);
            // any other answer is validated as the participant's would be.
            // The run holds the given answers while they are checked, so the conditions see them
            // through the run's own (incremental) snapshot.
            run.setAnswers(given, now: now)
            if answer == .null {
                request = .next(.answers(given))
            } else {
                switch validated(given, in: run, name: name, now: now) {
                case .success(let answers): request = .next(answers.map(StepOutput.answers))
                case .failure(let error): return error
                }
            }
        } else {
            switch event.action ?? .next {
            case .next where step.timed != nil:
                // A script has no keys to time: the step is skipped with the reason, as line mode does.
                request = .next(.skipped(reason: Self.timedReason, goTo: step.timed?.untimedAlternative))
            case .next:
                switch validated(run.currentAnswers, in: run, name: name, now: now) {
                case .success(let answers): request = .next(answers.map(StepOutput.answers))
                case .failure(let error): return error
                }
            case .skip: request = .skip
            case .back: request = .back(nil)
            case .cancel: request = .discard
            }
        }
        switch run.apply(request, now: now, save: nil) {
        case .cannotGoBack?: return ScriptError("step \"\(name)\" cannot go back")
        case .notStored(let failure)?: return ScriptError("step \"\(name)\": \(failure.cause)")
        case nil: return nil
        }
    }

    /// The answers the step's controller accepts for `given`, or the first problem it names (a
    /// step without a question accepts none).
    func validated(_ given: [String: JSONValue], in run: TaskRun, name: String, now: Date) -> Result<[String: JSONValue]?, ScriptError> {
        guard case .question(let q)? = AnyStepController(run: run, timeZone: timeZone) else { return .success(nil) }
        switch q.validate(given: given, now: now) {
        case .success(let answers): return .success(answers)
        case .failure(let problem):
            let fields = q.question.fields
            let m = problem.message.text
            return .failure(ScriptError(fields.count == 1 ? "step \"\(name)\": \(m)" : "step \"\(name)\", field \"\(fields[problem.path.field].identifier)\": \(m)"))
        }
    }
}
