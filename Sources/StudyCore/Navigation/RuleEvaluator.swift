/// Evaluates survey rules against answers, with SageResearch semantics.
public enum RuleEvaluator {
    /// True when `rule` matches `answer` (nil or `.null` means no answer).
    public static func matches(_ rule: SurveyRule, answer: JSONValue?) -> Bool {
        let answer = answer == .null ? nil : answer
        switch rule.ruleOperator {
        case .always: return true
        case .skip: return answer == nil
        default: break
        }
        guard let expected = rule.matchingAnswer else {
            // AssessmentModel: a missing matchingAnswer compares with "no answer".
            switch rule.ruleOperator {
            case .equal: return answer == nil
            case .notEqual, .otherThan: return answer != nil
            default: return false
            }
        }
        guard let answer else { return false }
        if case .array(let given) = answer {
            let wanted = expected.arrayValue ?? [expected]
            let anyIn = wanted.contains { w in given.contains { equal($0, w, rule.accuracy) } }
            switch rule.ruleOperator {
            case .equal: return anyIn
            case .otherThan: return !anyIn
            case .notEqual:
                let same = wanted.count == given.count && wanted.allSatisfy { w in given.contains { equal($0, w, rule.accuracy) } }
                return !same
            default: return false
            }
        }
        switch rule.ruleOperator {
        case .equal: return equal(answer, expected, rule.accuracy)
        case .notEqual, .otherThan: return !equal(answer, expected, rule.accuracy)
        case .lessThan: return compare(answer, expected).map { $0 < 0 } ?? false
        case .greaterThan: return compare(answer, expected).map { $0 > 0 } ?? false
        case .lessThanEqual: return compare(answer, expected).map { $0 <= 0 } ?? false
        case .greaterThanEqual: return compare(answer, expected).map { $0 >= 0 } ?? false
        case .always, .skip: return true
        }
    }

    /// Equality with a tolerance for numbers.
    static func equal(_ a: JSONValue, _ b: JSONValue, _ accuracy: Double) -> Bool {
        if let x = a.doubleValue, let y = b.doubleValue { return abs(x - y) <= accuracy }
        return a == b
    }

    /// Ordering for numbers and strings (ISO dates order as strings); nil when not comparable.
    static func compare(_ a: JSONValue, _ b: JSONValue) -> Int? {
        if let x = a.doubleValue, let y = b.doubleValue { return x < y ? -1 : (x > y ? 1 : 0) }
        if case .string(let x) = a, case .string(let y) = b { return x < y ? -1 : (x > y ? 1 : 0) }
        return nil
    }

    /// The outcome of a step's rules: the jump (if exactly one distinct target matched) and cohort changes.
    public struct Outcome: Sendable, Equatable {
        public var target: NavigationTarget?
        public var cohortsToAdd: Set<String> = []
        public var cohortsToRemove: Set<String> = []
    }

    /// Evaluates every rule of a question step against its answers.
    public static func evaluate(_ question: QuestionStep, answers: [String: JSONValue], stepAnswer: JSONValue?) -> Outcome {
        var targets = Set<NavigationTarget>()
        var outcome = Outcome()
        func apply(_ rules: [SurveyRule], _ answer: JSONValue?) {
            for rule in rules {
                let hit = matches(rule, answer: answer)
                if let cohort = rule.cohort {
                    if hit { outcome.cohortsToAdd.insert(cohort) } else { outcome.cohortsToRemove.insert(cohort) }
                }
                if hit, let t = rule.effectiveTarget { targets.insert(t) }
            }
        }
        for field in question.fields { apply(field.surveyRules, answers[field.identifier]) }
        apply(question.stepRules, stepAnswer)
        if targets.count == 1 { outcome.target = targets.first }
        return outcome
    }
}
