import Foundation

/// The per-kind logic of the step being shown: it takes `StepInput` values and returns
/// outcomes; it never reads a clock or a keyboard.
public protocol StepController: Sendable {
    /// The step this controller runs.
    var step: StepDefinition { get }
    /// Applies an input at wall-clock time `now` (used for validation of dates, never read).
    mutating func handle(_ input: StepInput, now: Date) -> StepOutcome
}

extension TextStepController: StepController {
    /// Applies an input.
    public func handle(_ input: StepInput, now: Date) -> StepOutcome { handle(input) }
}

extension QuestionStepController: StepController {}

extension TimedStepController: StepController {
    /// Back and Skip as any step has them; the rest goes through the timed inputs.
    public func handle(_ input: StepInput, now: Date) -> StepOutcome { handle(input) }

    /// Back and Skip as any step has them; the rest goes through the timed inputs.
    public func handle(_ input: StepInput) -> StepOutcome {
        switch input {
        case .goBack: return StepOutcome(request: .back(nil))
        case .skip: return StepOutcome(request: .skip)
        default: return .ignored
        }
    }
}

extension ActiveStepController: StepController {
    /// Applies an input.
    public mutating func handle(_ input: StepInput, now: Date) -> StepOutcome { handle(input) }
}

/// The controller of the current step, one case per kind, so presentations can draw each kind.
///
/// Indirect: the payload lives in one box, so the copies a screen makes to read the controller
/// several times a key cost a retain each, not a field-by-field copy of the largest case.
public indirect enum AnyStepController: StepController {
    case text(TextStepController)
    case question(QuestionStepController)
    case active(ActiveStepController)
    /// A timed task step.
    case timed(TimedStepController)

    /// The controller for the run's current step, holding its current answers, reading dates in
    /// `timeZone`; nil when the run has ended.
    public init?(run: TaskRun, timeZone: TimeZone = .current) {
        guard let step = run.presentedStep else { return nil }
        switch step.kind {
        case .question(let q):
            self = .question(QuestionStepController(step: step, question: q, answers: run.currentAnswers,
                                                    conditions: run.conditions,
                                                    baseAnswers: run.conditions.readsAnswers ? run.answerSnapshot : AnswerSnapshot(),
                                                    timeZone: timeZone))
        case .active(let a): self = .active(ActiveStepController(step: step, active: a))
        case .timed(let t): self = .timed(TimedStepController(step: step, timed: t, seed: UInt64.random(in: 0...UInt64.max)))
        default:
            // A step the terminal cannot perform that the task moves on by itself is timed.
            if let timing = TerminalLimits.timing(of: step) {
                self = .active(ActiveStepController(step: step, active: timing))
            } else {
                self = .text(TextStepController(step: step))
            }
        }
    }

    /// The step.
    public var step: StepDefinition {
        switch self {
        case .text(let c): return c.step
        case .question(let c): return c.step
        case .active(let c): return c.step
        case .timed(let c): return c.step
        }
    }

    /// What `body` reads from the step, which it borrows: reading a field or two this way does
    /// not copy the whole step, as ``step`` does (a renderer asks at every frame).
    public func readingStep<R>(_ body: (StepDefinition) -> R) -> R {
        switch self {
        case .text(let c): return body(c.step)
        case .question(let c): return body(c.step)
        case .active(let c): return body(c.step)
        case .timed(let c): return body(c.step)
        }
    }

    /// Applies an input, changing the controller in place (`self` is consumed first, so the
    /// payload's arrays stay uniquely owned and are not copied).
    public mutating func handle(_ input: StepInput, now: Date) -> StepOutcome {
        switch consume self {
        case .text(let c):
            self = .text(c)
            return c.handle(input)
        case .question(var c):
            let out = c.handle(input, now: now)
            self = .question(c)
            return out
        case .active(var c):
            let out = c.handle(input)
            self = .active(c)
            return out
        case .timed(let c):
            self = .timed(c)
            return c.handle(input)
        }
    }
}
