/// A survey rule: when the answer matches, jump (or exit, or join a cohort).
public struct SurveyRule: Sendable, Equatable {
    /// The value to compare with; nil compares with "no answer".
    public var matchingAnswer: JSONValue?
    /// How to compare.
    public var ruleOperator: RuleOperator
    /// Where to go when it matches; nil means `exit` unless a cohort is given.
    public var skipToIdentifier: NavigationTarget?
    /// A cohort to join when it matches (and leave when it does not).
    public var cohort: String?
    /// Tolerance for decimal equality.
    public var accuracy: Double

    public init(
        matchingAnswer: JSONValue? = nil, ruleOperator: RuleOperator? = nil,
        skipToIdentifier: NavigationTarget? = nil, cohort: String? = nil, accuracy: Double = 0.00001
    ) {
        self.matchingAnswer = matchingAnswer
        self.ruleOperator = ruleOperator ?? (matchingAnswer == nil ? .skip : .equal)
        self.skipToIdentifier = skipToIdentifier
        self.cohort = cohort
        self.accuracy = accuracy
    }

    /// The target this rule yields when it matches, or nil when it only sets a cohort.
    public var effectiveTarget: NavigationTarget? {
        if let skipToIdentifier { return skipToIdentifier }
        return cohort == nil ? .exit : nil
    }
}

/// Survey rule operators.
public enum RuleOperator: String, Sendable, Equatable, CaseIterable {
    case equal = "eq", notEqual = "ne", lessThan = "lt", greaterThan = "gt"
    case lessThanEqual = "le", greaterThanEqual = "ge", otherThan = "ot", skip = "de", always
}

/// A cohort rule checked before or after a step.
public struct CohortRule: Sendable, Equatable {
    /// Whether all or any of the cohorts are needed.
    public enum Operator: String, Sendable, Equatable { case all, any }

    /// The cohorts.
    public var requiredCohorts: [String]
    /// How they combine.
    public var cohortOperator: Operator
    /// Where to go; nil means `nextStep` for a before-rule and `nextSection` for an after-rule.
    public var skipToIdentifier: NavigationTarget?

    public init(requiredCohorts: [String], cohortOperator: Operator = .all, skipToIdentifier: NavigationTarget? = nil) {
        self.requiredCohorts = requiredCohorts
        self.cohortOperator = cohortOperator
        self.skipToIdentifier = skipToIdentifier
    }

    /// True when the participant's cohorts satisfy the rule.
    public func isSatisfied(by cohorts: Set<String>) -> Bool {
        switch cohortOperator {
        case .all: return requiredCohorts.allSatisfy(cohorts.contains)
        case .any: return requiredCohorts.contains(where: cohorts.contains)
        }
    }
}
