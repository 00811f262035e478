import Foundation
import StudyCore
import Testing

@testable import StudyFHIR

// Questionnaire + QuestionnaireResponse pairs of the shared corpus: read the response as prefill,
// export it again, and compare. Skipped (with a printed reason) when ../shared/corpus is absent.
@Suite(.enabled(if: Corpus.isAvailable, "the shared FHIR corpus (../shared/corpus) is not present"))
struct CorpusRoundTripTests {
    struct Pair: Sendable, CustomTestStringConvertible {
        let questionnaire: String
        let response: String
        /// Calculated items whose stored value the export recomputes.
        var recalculated: Set<String> = []
        var testDescription: String { response }
    }

    static let pairs: [Pair] = [
        Pair(questionnaire: "real/sdc-questionnaire-PHQ9.json", response: "real/sdc-questionnaireresponse-PHQ9.json", recalculated: ["H1/TS"]),
        Pair(questionnaire: "real/r4spec-questionnaire-example-bluebook.json", response: "real/r4spec-questionnaireresponse-example-bluebook.json"),
        Pair(questionnaire: "real/lforms-items-under-repeating-choice.json", response: "real/lforms-items-under-repeating-choice-response.json"),
        Pair(questionnaire: "real/argonaut-STU3-questionnaire-DAST-10.json", response: "real/argonaut-STU3-questionnaireresponse-DAST-10.json"),
    ]

    /// Items without `text` (exported items copy it from the Questionnaire), without the given linkIds,
    /// and without empty items (echoed display items, which an export may leave out).
    static func normalized(_ items: JSONValue?, dropping: Set<String>) -> JSONValue {
        func clean(_ v: JSONValue) -> JSONValue? {
            switch v {
            case .object(var o):
                if let id = o["linkId"]?.stringValue, dropping.contains(id) { return nil }
                o["text"] = nil
                for (k, child) in o { o[k] = clean(child) }
                if o["item"] == .array([]) { o["item"] = nil }
                if o["linkId"] != nil, o["answer"] == nil, o["item"] == nil { return nil }
                return .object(o)
            case .array(let a): return .array(a.compactMap(clean))
            default: return v
            }
        }
        return clean(items ?? .array([])) ?? .null
    }

    @Test(arguments: pairs) func exportingAReadResponseGivesTheSameAnswers(_ pair: Pair) throws {
        let qJSON = try Corpus.json(pair.questionnaire), rJSON = try Corpus.json(pair.response)
        let model = try #require(QuestionnaireModel.read(qJSON, file: pair.questionnaire).model)
        let (answers, diagnostics) = QuestionnaireResponseReader(model: model).answers(from: rJSON, file: pair.response)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let rebuilt = QuestionnaireResponseBuilder(model: model).build(answers: answers, status: .completed, authored: Date())
        #expect(rebuilt.problems.isEmpty, "\(rebuilt.problems)")
        let before = Self.normalized(rJSON["item"], dropping: pair.recalculated)
        let after = Self.normalized(rebuilt.resource["item"], dropping: pair.recalculated)
        #expect(before == after, "\nbefore: \(before.compactJSON)\nafter:  \(after.compactJSON)")
    }

    @Test func phq9TotalIsComputedFromTheOrdinalsOfTheAnswers() throws {
        let model = try #require(QuestionnaireModel.read(try Corpus.json("real/sdc-questionnaire-PHQ9.json"), file: "phq9").model)
        let (answers, _) = QuestionnaireResponseReader(model: model).answers(from: try Corpus.json("real/sdc-questionnaireresponse-PHQ9.json"))
        let engine = QuestionnaireEngine(model: model, answers: answers)
        // 0+0+0+1+2+1+3+2+1 by the contained ValueSet's ordinalValues; the example response stores 13,
        // which does not match its own answers.
        #expect(engine.calculatedValue("H1/TS") == .double(10))
        #expect(answers["H1/TS"] == ["value": 13, "unit": "{score}"])
    }

    @Test func c3proResponsesWithoutHierarchyLinkIdsAreReportedNotGuessed() throws {
        let model = try #require(QuestionnaireModel.read(try Corpus.json("c3pro/Questionnaire-dates.json"), file: "dates").model)
        let (answers, diagnostics) = QuestionnaireResponseReader(model: model).answers(from: try Corpus.json("c3pro/QuestionnaireResponse-dates.json"))
        #expect(!diagnostics.isEmpty)
        #expect(diagnostics.allSatisfy { $0.message.contains("is not in the Questionnaire") || $0.message.contains("not at its place") })
        _ = answers
    }
}
