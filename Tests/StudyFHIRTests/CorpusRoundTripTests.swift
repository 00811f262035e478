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
        /// How the pair comes back.
        var expectation: Expectation = .same
        var testDescription: String { response }
    }

    /// How a pair is expected to come back.
    enum Expectation: Sendable {
        /// Every answer comes back unchanged through prefill, a headless run and the export.
        case same
        /// The response breaks a rule of its Questionnaire (it is a validator test): reading keeps
        /// every answer, the export gives them back, and the validator names the problem.
        case invalid(String)
        /// The response's items do not carry the Questionnaire's hierarchy (pre-R4 output): the
        /// answers that cannot be placed are reported, and the others come back.
        case misplaced
    }

    /// Every QuestionnaireResponse of the corpus with its Questionnaire.
    static let pairs: [Pair] = [
        Pair(questionnaire: "real/sdc-questionnaire-PHQ9.json", response: "real/sdc-questionnaireresponse-PHQ9.json", recalculated: ["H1/TS"]),
        Pair(questionnaire: "real/r4spec-questionnaire-example-bluebook.json", response: "real/r4spec-questionnaireresponse-example-bluebook.json"),
        Pair(questionnaire: "real/lforms-items-under-repeating-choice.json", response: "real/lforms-items-under-repeating-choice-response.json"),
        Pair(questionnaire: "real/argonaut-STU3-questionnaire-DAST-10.json", response: "real/argonaut-STU3-questionnaireresponse-DAST-10.json"),
        Pair(questionnaire: "real/ftc-optionExclusive-questionnaire.json", response: "real/ftc-optionExclusive-questionnaireresponse.EXPECT-INVALID.json",
             expectation: .invalid("excludes every other answer")),
        Pair(questionnaire: "real/ftc-regex-questionnaire.json", response: "real/ftc-regex-questionnaireresponse.EXPECT-INVALID.json",
             expectation: .invalid("does not match the pattern")),
        Pair(questionnaire: "c3pro/Questionnaire-choices.json", response: "c3pro/QuestionnaireResponse-choices.json", expectation: .misplaced),
        Pair(questionnaire: "c3pro/Questionnaire-text-and-values.json", response: "c3pro/QuestionnaireResponse-textvalues.json", expectation: .misplaced),
        Pair(questionnaire: "c3pro/Questionnaire-dates.json", response: "c3pro/QuestionnaireResponse-dates.json", expectation: .misplaced),
    ]

    /// Responses of the corpus that answer no Questionnaire of the corpus, with the reason.
    static let unpaired: [String: String] = [
        "c3pro/fw-QuestionnaireResponse_main.duplicates.json": "a unit-test input for de-duplicating items; its Questionnaire is not in the corpus",
    ]

    @Test func everyResponseOfTheCorpusIsPairedOrExplained() throws {
        let responses = Corpus.files().filter { (try? JSONParser.parse(Data(contentsOf: $0)))?["resourceType"]?.stringValue == "QuestionnaireResponse" }
        let named = Set(Self.pairs.map(\.response)).union(Self.unpaired.keys)
        let root = Corpus.root.path + "/"
        for url in responses {
            let name = url.path.replacingOccurrences(of: root, with: "")
            #expect(named.contains(name), "\(name) has no pair in CorpusRoundTripTests.pairs")
        }
    }

    @Test(arguments: pairs) func prefillRunAndExportGiveEveryAnswerBack(_ pair: Pair) throws {
        let q = try Corpus.json(pair.questionnaire), r = try Corpus.json(pair.response)
        switch pair.expectation {
        case .same:
            let outcome = try RoundTrip.run(q, r, file: pair.questionnaire)
            #expect(outcome.error == nil, "\(outcome.error ?? "")")
            #expect(outcome.problems.isEmpty, "\(outcome.problems)")
            RoundTrip.expectSameAnswers(r, outcome.rebuilt, dropping: pair.recalculated)
        case .invalid(let rule):
            let model = try #require(QuestionnaireModel.read(q, file: pair.questionnaire).model)
            let reading = QuestionnaireResponseReader(model: model).read(r)
            let rebuilt = QuestionnaireResponseBuilder(model: model).build(answers: reading.answers, status: .completed, authored: Date())
            RoundTrip.expectSameAnswers(r, rebuilt.resource)
            let problems = QuestionnaireResponseValidator(model: model).validate(rebuilt.resource).filter { $0.severity == .error }
            #expect(problems.contains { $0.message.contains(rule) }, "\(problems)")
        case .misplaced:
            let outcome = try RoundTrip.run(q, r, file: pair.questionnaire)
            #expect(!outcome.diagnostics.isEmpty)
            let before = Set(RoundTrip.answers(r).map { $0.components(separatedBy: " = ").last ?? "" })
            for line in RoundTrip.answers(outcome.rebuilt) {
                let value = line.components(separatedBy: " = ").last ?? ""
                #expect(before.contains(value) || outcome.rebuilt["item"] == nil, "\(line) was not in the response")
            }
        }
    }

    @Test func exportingAReadResponseGivesTheSameAnswers() throws {
        for pair in Self.pairs {
            guard case .same = pair.expectation else { continue }
            let qJSON = try Corpus.json(pair.questionnaire), rJSON = try Corpus.json(pair.response)
            let model = try #require(QuestionnaireModel.read(qJSON, file: pair.questionnaire).model)
            let reading = QuestionnaireResponseReader(model: model).read(rJSON, file: pair.response)
            let rebuilt = QuestionnaireResponseBuilder(model: model).build(answers: reading.answers, status: .completed, authored: Date())
            #expect(rebuilt.problems.isEmpty, "\(rebuilt.problems)")
            RoundTrip.expectSameAnswers(rJSON, rebuilt.resource, dropping: pair.recalculated)
        }
    }

    @Test func phq9TotalIsComputedFromTheOrdinalsOfTheAnswers() throws {
        let model = try #require(QuestionnaireModel.read(try Corpus.json("real/sdc-questionnaire-PHQ9.json"), file: "phq9").model)
        let (answers, diagnostics) = QuestionnaireResponseReader(model: model).answers(from: try Corpus.json("real/sdc-questionnaireresponse-PHQ9.json"))
        let engine = QuestionnaireEngine(model: model, answers: answers)
        // 0+0+0+1+2+1+3+2+1 by the contained ValueSet's ordinalValues; the example response stores 13,
        // which does not match its own answers: a calculated item is computed again, not read.
        #expect(engine.calculatedValue("H1/TS") == .double(10))
        #expect(answers["H1/TS"] == nil)
        #expect(diagnostics.contains { $0.path.hasSuffix("item[linkId=H1/TS]") && $0.message.contains("is calculated") })
    }

    @Test func c3proResponsesWithoutHierarchyLinkIdsAreReportedNotGuessed() throws {
        let model = try #require(QuestionnaireModel.read(try Corpus.json("c3pro/Questionnaire-dates.json"), file: "dates").model)
        let (answers, diagnostics) = QuestionnaireResponseReader(model: model).answers(from: try Corpus.json("c3pro/QuestionnaireResponse-dates.json"))
        #expect(!diagnostics.isEmpty)
        #expect(diagnostics.allSatisfy { $0.message.contains("is not in the Questionnaire") || $0.message.contains("not at its place") })
        _ = answers
    }
}
