import Foundation
import StudyCore
import Testing

@testable import StudyFHIR

@Suite struct FHIRPathTests {
    /// A small response with two scored answers, a decimal and a nested item.
    private func response() throws -> JSONValue {
        try JSONParser.parse(#"""
            {"resourceType": "QuestionnaireResponse", "item": [
              {"linkId": "g", "item": [
                {"linkId": "q1", "answer": [{"valueCoding": {"system": "s", "code": "a"}}]},
                {"linkId": "q2", "answer": [{"valueCoding": {"system": "s", "code": "b"}}]}]},
              {"linkId": "w", "answer": [{"valueDecimal": 70}]},
              {"linkId": "h", "answer": [{"valueDecimal": 70,
                 "item": [{"linkId": "child", "answer": [{"valueString": "x"}]}]}]}]}
            """#)
    }

    private func evaluate(_ text: String, variables: [String: JSONValue] = [:]) throws -> [JSONValue] {
        var env = FHIRPathEnvironment(now: Date(timeIntervalSince1970: 0))
        var scores = ScoreTable()
        scores.add(linkId: "q1", value: .coding(Coding(system: "s", code: "a")), weight: 1)
        scores.add(linkId: "q2", value: .coding(Coding(system: "s", code: "b")), weight: 2)
        env.scores = scores
        let r = try response()
        env.set("resource", json: r)
        env.set("context", json: r)
        for (k, v) in variables { env.set(k, json: v) }
        return try FHIRPathEvaluator(environment: env).evaluate(text, input: FHIRPathValue.from(r, linkId: nil)).map(\.value.json)
    }

    @Test func navigatesPathsWithWhereAndChoiceTypedValues() throws {
        #expect(try evaluate("%resource.item.where(linkId='w').answer.value") == [.int(70)])
        #expect(try evaluate("item.where(linkId='w').answer.valueDecimal") == [.int(70)])
        #expect(try evaluate("item.where(linkId='nope').answer.value") == [])
        #expect(try evaluate("QuestionnaireResponse.item.count()") == [.int(3)])
    }

    @Test func scoresAnswersWithOrdinalAndWeight() throws {
        #expect(try evaluate("%resource.answers().value.ordinal().sum()") == [.double(3)])
        #expect(try evaluate("%resource.item.item.answer.value.weight().sum()") == [.double(3)])
        #expect(try evaluate("item.where(linkId='none').answer.value.ordinal().sum()") == [.int(0)])
    }

    @Test func answersIncludesAnswersNestedUnderAnswers() throws {
        #expect(try evaluate("%resource.answers().count()") == [.int(5)])
    }

    @Test func doesArithmeticWithIntegerAndDecimalRules() throws {
        #expect(try evaluate("1 + 2 * 3") == [.int(7)])
        #expect(try evaluate("7 / 2") == [.double(3.5)])
        #expect(try evaluate("7 div 2") == [.int(3)])
        #expect(try evaluate("7 mod 2") == [.int(1)])
        #expect(try evaluate("-(2 - 5)") == [.int(3)])
        #expect(try evaluate("1 + {}") == [])
        #expect(try evaluate("(2.5).round()") == [.double(3)])
        #expect(try evaluate("'a' & {} & 'b'") == ["ab"])
    }

    @Test func comparesAndCombinesBooleansWithThreeValuedLogic() throws {
        #expect(try evaluate("3 > 2 and 'a' < 'b'") == [true])
        #expect(try evaluate("{} and false") == [false])
        #expect(try evaluate("{} and true") == [])
        #expect(try evaluate("{} or true") == [true])
        #expect(try evaluate("(1 = 1).not()") == [false])
        #expect(try evaluate("1 != 2") == [true])
        #expect(try evaluate("'x' in ('x' | 'y')") == [true])
        #expect(try evaluate("('x' | 'y') contains 'z'") == [false])
    }

    @Test func evaluatesIifAndExists() throws {
        #expect(try evaluate("iif(%a.exists(), 'yes', 'no')", variables: ["a": 1]) == ["yes"])
        #expect(try evaluate("iif({}.exists(), 'yes', 'no')") == ["no"])
        #expect(try evaluate("iif(false, 1)") == [])
        #expect(try evaluate("item.exists(linkId = 'h')") == [true])
    }

    @Test func computesTheSDCBodyMassIndex() throws {
        let bmi = "(%weight/(%height.power(2))).round(1)"
        let height = "%resource.item.where(linkId='h').answer.valueDecimal*0.0254"
        #expect(try evaluate(height) == [.double(70 * 0.0254)])
        #expect(try evaluate(bmi, variables: ["weight": 70, "height": .double(70 * 0.0254)]) == [.double(22.1)])
    }

    @Test func usesNamedVariablesAndReportsUndefinedOnes() throws {
        #expect(try evaluate("%total + 1", variables: ["total": 4]) == [.int(5)])
        #expect(throws: FHIRPathError.self) { try evaluate("%missing + 1") }
    }

    @Test func refusesExpressionsOutsideTheSubsetWithTheirText() {
        #expect(throws: FHIRPathError(expression: "item.resolve()", reason: "the function resolve() is not supported", position: 5)) {
            try FHIRPathParser.parse("item.resolve()")
        }
        #expect(throws: FHIRPathError(expression: "value.memberOf('x')", reason: "the function memberOf() is not supported", position: 6)) {
            try FHIRPathParser.parse("value.memberOf('x')")
        }
        #expect(throws: FHIRPathError.self) { try FHIRPathParser.parse("1 +") }
        #expect(throws: FHIRPathError.self) { try FHIRPathParser.parse("'open") }
    }

    @Test func findsLinkIdsAndVariablesAnExpressionDependsOn() throws {
        let e = try FHIRPathParser.parse("%resource.item.where(linkId='a').answer.value + %b + item.where('c' = linkId).count()")
        #expect(e.linkIdLiterals == ["a", "c"])
        #expect(e.variableNames == ["resource", "b"])
    }
}
