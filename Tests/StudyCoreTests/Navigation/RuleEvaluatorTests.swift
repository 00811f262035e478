import Testing
@testable import StudyCore

@Suite struct RuleEvaluatorTests {
    static let table: [(RuleOperator, JSONValue, JSONValue, Bool)] = [
        (.equal, 5, 5, true), (.equal, 5.000001, 5, true), (.equal, 4, 5, false),
        (.notEqual, 4, 5, true), (.lessThan, 4, 5, true), (.greaterThan, 4, 5, false), (.lessThanEqual, 5, 5, true),
        (.greaterThanEqual, 6, 5, true), (.otherThan, "a", "b", true), (.lessThan, "2024-01-01", "2024-02-01", true),
        (.equal, [1, 2], 2, true), (.equal, [1, 3], 2, false), (.otherThan, [1, 3], 2, true), (.otherThan, [1, 2], [2, 4], false),
        (.equal, true, false, false), (.always, "x", "y", true),
    ]

    @Test(arguments: table)
    func operatorsCompareAsSageResearchDoes(op: RuleOperator, answer: JSONValue, match: JSONValue, expected: Bool) {
        #expect(RuleEvaluator.matches(SurveyRule(matchingAnswer: match, ruleOperator: op), answer: answer) == expected)
    }

    @Test func noAnswerMatchesOnlySkipAndAlways() {
        #expect(RuleEvaluator.matches(SurveyRule(ruleOperator: .skip), answer: nil))
        #expect(RuleEvaluator.matches(SurveyRule(ruleOperator: .always), answer: .null))
        #expect(!RuleEvaluator.matches(SurveyRule(matchingAnswer: 1, ruleOperator: .lessThan), answer: nil))
        #expect(!RuleEvaluator.matches(SurveyRule(matchingAnswer: 1, ruleOperator: .notEqual), answer: nil))
    }

    @Test func defaultsAreEqualWithAValueAndSkipWithout() {
        #expect(SurveyRule(matchingAnswer: 1).ruleOperator == .equal)
        #expect(SurveyRule(skipToIdentifier: .step("x")).ruleOperator == .skip)
        #expect(SurveyRule(matchingAnswer: 1).effectiveTarget == .exit)
        #expect(SurveyRule(matchingAnswer: 1, cohort: "c").effectiveTarget == nil)
    }

    @Test func jumpsOnlyWhenExactlyOneDistinctTargetMatches() {
        let f1 = InputField(identifier: "a", kind: .integer(NumberOptions()), surveyRules: [SurveyRule(matchingAnswer: 1, skipToIdentifier: .step("x"))])
        let f2 = InputField(identifier: "b", kind: .integer(NumberOptions()), surveyRules: [SurveyRule(matchingAnswer: 1, skipToIdentifier: .step("y"))])
        let q = QuestionStep(fields: [f1, f2])
        #expect(RuleEvaluator.evaluate(q, answers: ["a": 1, "b": 2], stepAnswer: nil).target == .step("x"))
        #expect(RuleEvaluator.evaluate(q, answers: ["a": 1, "b": 1], stepAnswer: nil).target == nil)
    }

    @Test func cohortsJoinOnMatchAndLeaveOtherwise() {
        let f = InputField(identifier: "a", kind: .boolean(BooleanOptions()), surveyRules: [SurveyRule(matchingAnswer: true, cohort: "smoker")])
        let q = QuestionStep(fields: [f])
        #expect(RuleEvaluator.evaluate(q, answers: ["a": true], stepAnswer: nil).cohortsToAdd == ["smoker"])
        #expect(RuleEvaluator.evaluate(q, answers: ["a": false], stepAnswer: nil).cohortsToRemove == ["smoker"])
    }
}
