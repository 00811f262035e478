import Foundation
import StudyCore
import Testing

@testable import StudyFHIR

/// FHIRPath integer overflow gives the empty collection (never a trap), and expressions nested too
/// deeply are refused when they are parsed, with a message naming the item.
@Suite struct FHIRPathLimitsTests {
    private func evaluate(_ text: String) throws -> [JSONValue] {
        try FHIRPathEvaluator(environment: FHIRPathEnvironment(now: Date(timeIntervalSince1970: 0)))
            .evaluate(text, input: []).map(\.value.json)
    }

    private let min = "(-9223372036854775807 - 1)"

    @Test func negatingTheSmallestIntegerIsEmpty() throws {
        #expect(try evaluate("-\(min)") == [])
        #expect(try evaluate("\(min)") == [.int(Int.min)])
    }

    @Test func divAndModOfTheSmallestIntegerByMinusOneAreEmpty() throws {
        #expect(try evaluate("\(min) div -1") == [])
        #expect(try evaluate("\(min) mod -1") == [])
        #expect(try evaluate("7 div -1") == [.int(-7)])
        #expect(try evaluate("-7 mod 2") == [.int(-1)])
    }

    @Test func absOfTheSmallestIntegerIsEmpty() throws {
        #expect(try evaluate("\(min).abs()") == [])
        #expect(try evaluate("(-5).abs()") == [.int(5)])
    }

    @Test func additionSubtractionAndMultiplicationThatOverflowAreEmpty() throws {
        #expect(try evaluate("9223372036854775807 + 1") == [])
        #expect(try evaluate("\(min) - 1") == [])
        #expect(try evaluate("9223372036854775807 * 2") == [])
        #expect(try evaluate("4611686018427387904 * -2") == [.int(Int.min)])
        #expect(try evaluate("(9223372036854775807 | 1).sum()") == [])
    }

    @Test func decimalsTooLargeForAnIntegerAreEmptyWhereAnIntegerIsNeeded() throws {
        #expect(try evaluate("(10.0).power(300).floor()") == [])
        #expect(try evaluate("(10.0).power(300).truncate()") == [])
        #expect(try evaluate("(10.0).power(300) div 1.0") == [])
        #expect(try evaluate("(1 | 2).skip((10.0).power(300))") == [])
        #expect(try evaluate("(1 | 2)[(10.0).power(300)]") == [])
        #expect(try evaluate("'abc'.substring((10.0).power(300))") == [])
    }

    @Test func tenThousandNestedParenthesesAreRefusedNotOverflowed() {
        let text = String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000)
        #expect(throws: FHIRPathError.self) { try FHIRPathParser.parse(text) }
    }

    @Test func twentyThousandTermSumsAreRefusedNotOverflowed() {
        let text = Array(repeating: "1", count: 20_000).joined(separator: "+")
        #expect(throws: FHIRPathError.self) { try FHIRPathParser.parse(text) }
        let unary = String(repeating: "-", count: 10_000) + "1"
        #expect(throws: FHIRPathError.self) { try FHIRPathParser.parse(unary) }
        let calls = String(repeating: "iif(true, ", count: 5_000) + "1" + String(repeating: ")", count: 5_000)
        #expect(throws: FHIRPathError.self) { try FHIRPathParser.parse(calls) }
    }

    @Test func expressionsUpToTheLimitStillParseAndEvaluate() throws {
        let sum = Array(repeating: "1", count: 200).joined(separator: "+")
        #expect(try evaluate(sum) == [.int(200)])
        let nested = String(repeating: "(", count: 60) + "2" + String(repeating: ")", count: 60)
        #expect(try evaluate(nested) == [.int(2)])
    }

    @Test func aTooDeepExpressionInAQuestionnaireIsAnImportErrorNamingTheItem() throws {
        let deep = Array(repeating: "1", count: 20_000).joined(separator: "+")
        let q: JSONValue = [
            "resourceType": "Questionnaire", "status": "active",
            "item": [["linkId": "score", "type": "integer", "text": "Score", "extension": [[
                "url": .string(FHIRExtension.calculatedExpression),
                "valueExpression": ["language": "text/fhirpath", "expression": .string(deep)],
            ]]]],
        ]
        do {
            _ = try QuestionnaireImporter().importQuestionnaire(from: q, file: FileReference(path: "deep.json"))
            Issue.record("the import should fail")
        } catch {
            let messages = error.errors.map(\.description)
            #expect(messages.count == 1)
            #expect(messages.first?.contains("deep.json") == true)
            #expect(messages.first?.contains("linkId=score") == true)
            #expect(messages.first?.contains("nested too deeply") == true)
        }
    }

    /// The fhirpath fuzz target found `today() + 1055…5day` trapping on a Double too large for an
    /// Int: moving a date out of any writable range is an error that says so, never a trap.
    @Test(arguments: ["today() + 105555555555555555555555555555555555555555555day",
                      "now() - 99999999999999999999 'ms'", "today() + 999999999999999 years"])
    func aDateMovedOutOfRangeIsAnErrorNotATrap(expression: String) throws {
        #expect(throws: FHIRPathError.self) { try evaluate(expression) }
        #expect(try evaluate("@2020-01-01 + 100 years").map(\.stringValue) == ["2120-01-01"])
    }
}
