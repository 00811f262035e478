import Foundation
import StudyCore
import Testing

@testable import StudyFHIR

@Suite struct ConditionsTests {
    private let calc = "http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-calculatedExpression"
    private let whenExpr = "http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-enableWhenExpression"

    private func expression(_ url: String, _ text: String) -> JSONValue {
        ["url": .string(url), "valueExpression": ["language": "text/fhirpath", "expression": .string(text)]]
    }

    /// a, b integers; sum = a + b (calculated); big shown when the sum exceeds 10; note shown by expression when a = 1.
    private func model() -> QuestionnaireModel {
        Fixtures.model(Fixtures.questionnaire([
            Fixtures.item("a", "integer"), Fixtures.item("b", "integer"),
            Fixtures.item("sum", "integer", ["readOnly": true, "extension": [expression(calc,
                "%resource.item.where(linkId='a').answer.value + %resource.item.where(linkId='b').answer.value")]]),
            Fixtures.item("big", "display", ["enableWhen": [Fixtures.when("sum", ">", "answerInteger", 10)]]),
            Fixtures.item("note", "display", ["extension": [expression(whenExpr, "%resource.item.where(linkId='a').answer.value = 1")]]),
        ]))
    }

    @Test func calculatedValuesFeedEnableWhenAndEnableWhenExpressionsApply() {
        var engine = QuestionnaireEngine(model: model(), answers: ["a": 1, "b": 2])
        #expect(engine.calculatedValue("sum") == 3)
        #expect(!engine.isEnabled("big") && engine.isEnabled("note"))
        #expect(engine.answerChanged("b", value: 20) == ["sum", "big"])
        #expect(engine.answerChanged("a", value: 2) == ["sum", "note"])
        #expect(engine.calculatedValue("sum") == 22 && engine.isEnabled("big") && !engine.isEnabled("note"))
    }

    @Test func taskConditionsGiveTheSameAnswersAsAFreshEngineWhateverTheCallOrder() {
        let conditions = QuestionnaireConditions(model: model())
        let snapshots: [[String: JSONValue]] = [["a": 1, "b": 2], ["a": 5, "b": 9], [:], ["a": 1, "b": 2], ["b": .null]]
        for values in snapshots {
            let fresh = QuestionnaireEngine(model: model(), answers: values.filter { $0.value != .null })
            let snapshot = AnswerSnapshot(values: values)
            #expect(conditions.calculatedValues(answers: snapshot) == fresh.calculatedValues)
            for id in ["a", "b", "sum", "big", "note"] {
                #expect(conditions.isFieldEnabled(id, answers: snapshot) == fresh.isEnabled(id))
                #expect(conditions.isStepEnabled(StepID(id), answers: snapshot) == fresh.isEnabled(id))
            }
        }
    }

    @Test func aGroupHeadingStepFollowsItsGroup() {
        let m = Fixtures.model(Fixtures.questionnaire([
            Fixtures.item("on", "boolean"),
            Fixtures.item("g", "group", ["enableWhen": [Fixtures.when("on", "=", "answerBoolean", true)], "item": [Fixtures.item("x", "string")]]),
        ]))
        let c = QuestionnaireConditions(model: m)
        #expect(QuestionnaireConditions.linkId(forStep: "g#intro") == "g")
        #expect(!c.isStepEnabled("g#intro", answers: AnswerSnapshot()))
        #expect(c.isStepEnabled("g#intro", answers: AnswerSnapshot(values: ["on": true])))
        #expect(c.isStepEnabled("not-an-item", answers: AnswerSnapshot()))
    }

    @Test func expressionErrorsCountAsEmptyAndAreKept() {
        let m = Fixtures.model(Fixtures.questionnaire([
            Fixtures.item("r", "integer", ["repeats": true]),
            Fixtures.item("bad", "integer", ["extension": [expression(calc, "%resource.item.where(linkId='r').answer.value + 1")]]),
        ]))
        let engine = QuestionnaireEngine(model: m, answers: ["r": [1, 2]])
        #expect(engine.calculatedValue("bad") == nil)
        #expect(engine.evaluationErrors["bad"]?.contains("single") == true)
    }
}

// Every file of the shared corpus is handled without crashing: Questionnaires import (STU3/R5
// adapted), other resources are refused with a message.
@Suite(.enabled(if: Corpus.isAvailable, "the shared FHIR corpus (../shared/corpus) is not present"))
struct CorpusRobustnessTests {
    @Test func everyCorpusFileIsImportedOrRefusedWithAMessage() throws {
        let importer = QuestionnaireImporter()
        for url in Corpus.files() {
            guard let json = try? JSONParser.parse(Data(contentsOf: url)) else { continue }
            let file = FileReference(url: url, displayName: url.lastPathComponent)
            if importer.accepts(json) {
                #expect(throws: Never.self) { _ = try importer.importTask(from: json, file: file) }
            } else {
                #expect(throws: TaskLoadError.self) { _ = try importer.importTask(from: json, file: file) }
            }
        }
    }

    /// Every corpus response whose Questionnaire is in the corpus is read against it and validated:
    /// the ones the corpus marks EXPECT-INVALID get an error, the others none, and a response's
    /// answers are read (none is silently dropped without a diagnostic).
    @Test func everyCorpusResponseIsReadAndValidatedAgainstItsQuestionnaire() throws {
        var models: [String: QuestionnaireModel] = [:]
        for url in Corpus.questionnaires() {
            guard let json = try? JSONParser.parse(Data(contentsOf: url)),
                  let model = QuestionnaireModel.read(json, file: url.lastPathComponent).model, let canonical = model.url else { continue }
            models[canonical] = model
        }
        var checked = 0
        for url in Corpus.files() {
            guard let json = try? JSONParser.parse(Data(contentsOf: url)), json["resourceType"] == "QuestionnaireResponse",
                  let canonical = json["questionnaire"]?.stringValue?.split(separator: "|").first.map(String.init),
                  let model = models[canonical] else { continue }
            checked += 1
            let name = url.lastPathComponent
            let errors = QuestionnaireResponseValidator(model: model).validate(json, file: name).filter { $0.severity == .error }
            if name.contains("EXPECT-INVALID") {
                #expect(!errors.isEmpty, "\(name) is invalid by the corpus, but no error was found")
            } else {
                #expect(errors.isEmpty, "\(name): \(errors.map(\.description))")
            }
            let reading = QuestionnaireResponseReader(model: model).read(json, file: name)
            let answered = Self.answeredLinkIds(json)
            let accounted = Set(reading.answers.keys).union(reading.unlisted.keys)
            #expect(answered.isEmpty || !accounted.isEmpty || !reading.diagnostics.isEmpty,
                    "\(name): \(answered.count) answered items, none read and nothing said")
        }
        #expect(Corpus.files().isEmpty || checked > 0, "the corpus has responses paired with its Questionnaires")
    }

    /// The linkIds that carry an answer anywhere in a response.
    static func answeredLinkIds(_ json: JSONValue) -> Set<String> {
        var out = Set<String>()
        func walk(_ items: [JSONValue]) {
            for item in items {
                if let answers = item["answer"]?.arrayValue, !answers.isEmpty, let id = item["linkId"]?.stringValue { out.insert(id) }
                walk(item["item"]?.arrayValue ?? [])
                for answer in item["answer"]?.arrayValue ?? [] { walk(answer["item"]?.arrayValue ?? []) }
            }
        }
        walk(json["item"]?.arrayValue ?? [])
        return out
    }
}
