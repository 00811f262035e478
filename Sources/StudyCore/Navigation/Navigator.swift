/// SageResearch's conditional step navigator for one list of steps: pure functions of the results so far.
public struct Navigator: Sendable {
    /// What comes after a step.
    public enum Decision: Sendable, Equatable {
        /// Show this step (backward = a jump to a step that already has a result).
        case step(StepDefinition, PathMarker.Direction)
        /// This navigator is done (its steps ran out, or a target is not in it).
        case end
        /// The whole task ends early.
        case exit
    }

    /// Everything besides the list and its result that navigation reads.
    public struct Context: Sendable {
        public var cohorts: Set<String> = []
        public var abbreviatedInstructions = false
        public var conditions: any TaskConditions = NoTaskConditions()
        public var answers = AnswerSnapshot()
        /// Set while progress counts the steps still possible: what is not decided yet.
        public var undecided: Undecided?

        public init(cohorts: Set<String> = [], abbreviatedInstructions: Bool = false,
                    conditions: any TaskConditions = NoTaskConditions(), answers: AnswerSnapshot = AnswerSnapshot()) {
            self.cohorts = cohorts
            self.abbreviatedInstructions = abbreviatedInstructions
            self.conditions = conditions
            self.answers = answers
        }
    }

    /// What answers still to come may change, for counting the steps still possible: conditions
    /// that read these identifiers, and cohort rules when a step ahead can change the cohorts, are
    /// not decided yet, and their steps count.
    public struct Undecided: Sendable, Equatable {
        /// The identifiers of the steps and fields not yet passed.
        public var identifiers: Set<String> = []
        /// True when a step not yet passed can join or leave a cohort.
        public var cohortsMayChange = false

        public init(identifiers: Set<String> = [], cohortsMayChange: Bool = false) {
            self.identifiers = identifiers
            self.cohortsMayChange = cohortsMayChange
        }
    }

    public let list: StepList
    public let context: Context

    public init(list: StepList, context: Context = Context()) {
        self.list = list
        self.context = context
    }

    /// The step after `previous` (nil: the first step). Peeking ignores survey rules and skip results.
    public func next(after previous: StepID?, result: BranchResult, peeking: Bool = false) -> Decision {
        var passed: [StepDefinition] = []
        return next(after: previous, result: result, peeking: peeking, passedOver: &passed)
    }

    /// As `next(after:result:peeking:)`, also listing the steps passed over without being shown.
    public func next(after previous: StepID?, result: BranchResult, peeking: Bool, passedOver: inout [StepDefinition]) -> Decision {
        var candidate = previous.flatMap(list.step)
        var skippedCandidate = false
        var direction = PathMarker.Direction.forward
        var firstJump = true
        for _ in 0...(list.steps.count * 2 + 2) {
            var next: StepDefinition?
            let target = skippedCandidate ? nil : candidate.flatMap { nextTarget(after: $0, result: result, peeking: peeking) }
            switch target {
            case .exit?: return .exit
            case .nextSection?: return .end
            case .beginning?: next = list.steps.first
            case .step(let id)?:
                guard let found = list.step(id) else { return .end }
                if firstJump, result.findResult(id) != nil { direction = .backward }
                firstJump = false
                next = found
            case .nextStep?, nil:
                if let c = candidate, let i = list.index(of: c.identifier) {
                    next = i + 1 < list.steps.count ? list.steps[i + 1] : nil
                } else {
                    next = candidate == nil ? list.steps.first : nil
                }
            }
            guard var step = next else { return .end }
            if context.undecided?.cohortsMayChange != true,
               let rule = step.beforeCohortRules.first(where: { $0.isSatisfied(by: context.cohorts) }) {
                switch rule.skipToIdentifier ?? .nextStep {
                case .nextStep:
                    candidate = step
                    skippedCandidate = true
                    continue
                case .exit: return .exit
                case .nextSection: return .end
                case .beginning: step = list.steps[0]
                case .step(let id):
                    guard let found = list.step(id) else { return .end }
                    step = found
                }
            }
            if shouldSkip(step) {
                passedOver.append(step)
                candidate = step
                skippedCandidate = true
                continue
            }
            return .step(step, direction)
        }
        return .end  // a loop of skipped steps: nothing left to show
    }

    /// True when the step is passed over without being shown.
    public func shouldSkip(_ step: StepDefinition) -> Bool {
        if step.fullInstructionsOnly && context.abbreviatedInstructions { return true }
        if let q = step.question, q.fields.allSatisfy(\.isHidden) { return true }
        if let undecided = context.undecided {
            return !context.conditions.mayStepBeEnabled(step.identifier, answers: context.answers, undecided: undecided.identifiers)
        }
        return !context.conditions.isStepEnabled(step.identifier, answers: context.answers)
    }

    /// The next-identifier sources in precedence order: a finished section's last child, the step's
    /// own rule (survey rules, skip result, `nextStepIdentifier`), then after-cohort rules.
    func nextTarget(after step: StepDefinition, result: BranchResult, peeking: Bool) -> NavigationTarget? {
        if let section = step.section, case .section(let inner)? = result.findResult(step.identifier),
            let lastID = inner.path.last?.identifier, let child = section.steps.step(lastID),
            let t = ruleTarget(child, result: inner, peeking: peeking)
        {
            if case .step(let id) = t, section.steps.step(id) == nil { return t }
        }
        if let t = ruleTarget(step, result: result, peeking: peeking) { return t }
        if !peeking, let rule = step.afterCohortRules.first(where: { $0.isSatisfied(by: context.cohorts) }) {
            return rule.skipToIdentifier ?? .nextSection
        }
        return nil
    }

    /// One step's own navigation rule.
    func ruleTarget(_ step: StepDefinition, result: BranchResult, peeking: Bool) -> NavigationTarget? {
        let stepResult = result.findResult(step.identifier)
        if !peeking, let question = step.question {
            let answers = stepResult.map { question.answers(in: $0) } ?? [:]
            let outcome = RuleEvaluator.evaluate(question, answers: answers, stepAnswer: stepResult.flatMap(\.singleValue))
            if let t = outcome.target { return t }
            if answers.values.allSatisfy({ $0 == .null }), let t = step.actions[.skip]?.skipTo { return t }
        }
        if !peeking, let skip = stepResult?.skipToIdentifier { return NavigationTarget(skip) }
        return step.nextStepIdentifier
    }
}
