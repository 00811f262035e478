import StudyCore
import Testing

@testable import StudyFHIR

/// One row of an operator table: the trigger's type and answer, the condition, and the outcome.
struct EnableWhenCase: Sendable, CustomTestStringConvertible {
    let type: String
    let repeats: Bool
    let answer: JSONValue?
    let op: String
    let key: String
    let operand: JSONValue
    let enabled: Bool

    var testDescription: String { "\(type)\(repeats ? "[]" : "") \(answer?.compactJSON ?? "unanswered") \(op) \(operand.compactJSON) → \(enabled)" }
}

@Suite struct EnableWhenTests {
    static let a = Fixtures.coding("a"), b = Fixtures.coding("b")

    static let table: [EnableWhenCase] = [
        // Unanswered: only `!=` and `exists false` hold.
        .init(type: "integer", repeats: false, answer: nil, op: "=", key: "answerInteger", operand: 3, enabled: false),
        .init(type: "integer", repeats: false, answer: nil, op: "!=", key: "answerInteger", operand: 3, enabled: true),
        .init(type: "integer", repeats: false, answer: nil, op: ">", key: "answerInteger", operand: 3, enabled: false),
        .init(type: "integer", repeats: false, answer: nil, op: "exists", key: "answerBoolean", operand: true, enabled: false),
        .init(type: "integer", repeats: false, answer: nil, op: "exists", key: "answerBoolean", operand: false, enabled: true),
        // One integer answer, every operator.
        .init(type: "integer", repeats: false, answer: 3, op: "=", key: "answerInteger", operand: 3, enabled: true),
        .init(type: "integer", repeats: false, answer: 3, op: "!=", key: "answerInteger", operand: 3, enabled: false),
        .init(type: "integer", repeats: false, answer: 3, op: ">", key: "answerInteger", operand: 2, enabled: true),
        .init(type: "integer", repeats: false, answer: 3, op: "<", key: "answerInteger", operand: 2, enabled: false),
        .init(type: "integer", repeats: false, answer: 3, op: ">=", key: "answerInteger", operand: 3, enabled: true),
        .init(type: "integer", repeats: false, answer: 3, op: "<=", key: "answerInteger", operand: 2, enabled: false),
        .init(type: "integer", repeats: false, answer: 3, op: "exists", key: "answerBoolean", operand: true, enabled: true),
        .init(type: "integer", repeats: false, answer: 3, op: "=", key: "answerDecimal", operand: 3.0, enabled: true),
        // Several answers: `=` and comparisons hold when ANY answer matches; `!=` when NO answer equals.
        .init(type: "integer", repeats: true, answer: [1, 5], op: "=", key: "answerInteger", operand: 5, enabled: true),
        .init(type: "integer", repeats: true, answer: [1, 5], op: "!=", key: "answerInteger", operand: 5, enabled: false),
        .init(type: "integer", repeats: true, answer: [1, 5], op: "!=", key: "answerInteger", operand: 7, enabled: true),
        .init(type: "integer", repeats: true, answer: [1, 5], op: ">", key: "answerInteger", operand: 4, enabled: true),
        .init(type: "integer", repeats: true, answer: [1, 5], op: "<", key: "answerInteger", operand: 2, enabled: true),
        .init(type: "integer", repeats: true, answer: [1, 5], op: "<=", key: "answerInteger", operand: 0, enabled: false),
        // Codings: system + code, display ignored; a multi-select matches when any option is chosen.
        .init(type: "choice", repeats: false, answer: a, op: "=", key: "answerCoding", operand: a, enabled: true),
        .init(type: "choice", repeats: false, answer: a, op: "=", key: "answerCoding",
              operand: ["code": "a", "display": "other words"], enabled: true),
        .init(type: "choice", repeats: false, answer: a, op: "=", key: "answerCoding",
              operand: Fixtures.coding("a", system: "http://elsewhere"), enabled: false),
        .init(type: "choice", repeats: false, answer: a, op: "!=", key: "answerCoding", operand: b, enabled: true),
        .init(type: "choice", repeats: true, answer: [a, b], op: "=", key: "answerCoding", operand: b, enabled: true),
        .init(type: "choice", repeats: true, answer: [a, b], op: "!=", key: "answerCoding", operand: b, enabled: false),
        .init(type: "choice", repeats: false, answer: a, op: "=", key: "answerString", operand: "a", enabled: true),
        // Other types.
        .init(type: "boolean", repeats: false, answer: false, op: "=", key: "answerBoolean", operand: false, enabled: true),
        .init(type: "boolean", repeats: false, answer: true, op: "=", key: "answerBoolean", operand: false, enabled: false),
        .init(type: "decimal", repeats: false, answer: 2.5, op: ">", key: "answerDecimal", operand: 2.4, enabled: true),
        .init(type: "decimal", repeats: false, answer: 2.5, op: "<=", key: "answerInteger", operand: 2, enabled: false),
        .init(type: "string", repeats: false, answer: "abc", op: "=", key: "answerString", operand: "abc", enabled: true),
        .init(type: "string", repeats: false, answer: "abc", op: "<", key: "answerString", operand: "abd", enabled: true),
        .init(type: "date", repeats: false, answer: "2020-05-01", op: ">", key: "answerDate", operand: "2020-01-01", enabled: true),
        .init(type: "date", repeats: false, answer: "2020-05-01", op: "<=", key: "answerDate", operand: "2020-05-01", enabled: true),
        .init(type: "dateTime", repeats: false, answer: "2020-05-01T10:00:00+02:00", op: ">", key: "answerDateTime",
              operand: "2020-05-01T09:30:00+01:00", enabled: false),
        .init(type: "time", repeats: false, answer: "10:30", op: ">=", key: "answerTime", operand: "10:30:00", enabled: true),
        .init(type: "quantity", repeats: false, answer: ["value": 5, "code": "kg"], op: ">", key: "answerQuantity",
              operand: ["value": 3, "code": "kg"], enabled: true),
        .init(type: "quantity", repeats: false, answer: ["value": 5, "code": "kg"], op: ">", key: "answerQuantity",
              operand: ["value": 3, "code": "[lb_av]"], enabled: false),
    ]

    @Test(arguments: table) func operatorTable(_ c: EnableWhenCase) {
        var trigger: [String: JSONValue] = [:]
        if c.repeats { trigger["repeats"] = true }
        if c.type == "choice" { trigger["answerOption"] = [["valueCoding": Self.a], ["valueCoding": Self.b]] }
        let model = Fixtures.model(Fixtures.questionnaire([
            Fixtures.item("t", c.type, trigger),
            Fixtures.item("x", "string", ["enableWhen": [Fixtures.when("t", c.op, c.key, c.operand)]]),
        ]))
        let engine = QuestionnaireEngine(model: model, answers: c.answer.map { ["t": $0] } ?? [:])
        #expect(engine.isEnabled("x") == c.enabled)
    }

    private func chain() -> QuestionnaireModel {
        Fixtures.model(Fixtures.questionnaire([
            Fixtures.item("a", "boolean"),
            Fixtures.item("b", "string", ["enableWhen": [Fixtures.when("a", "=", "answerBoolean", true)]]),
            Fixtures.item("c", "string", ["enableWhen": [Fixtures.when("b", "=", "answerString", "yes")]]),
            Fixtures.item("d", "string", ["enableWhen": [Fixtures.when("b", "exists", "answerBoolean", false)]]),
        ]))
    }

    @Test func aDisabledQuestionCountsAsUnansweredDownTheChain() {
        var engine = QuestionnaireEngine(model: chain(), answers: ["a": true, "b": "yes"])
        #expect(engine.isEnabled("c"))
        #expect(!engine.isEnabled("d"))
        engine.answerChanged("a", value: false)
        #expect(!engine.isEnabled("b"))
        #expect(!engine.isEnabled("c"), "b keeps its stored answer, but a disabled item has no answers")
        #expect(engine.isEnabled("d"))
    }

    @Test func answerChangedReportsOnlyTheItemsThatChanged() {
        var engine = QuestionnaireEngine(model: chain(), answers: ["a": true])
        #expect(engine.answerChanged("b", value: "yes") == ["c", "d"])
        #expect(engine.answerChanged("b", value: "yes") == [])
        #expect(engine.answerChanged("a", value: nil) == ["b", "c", "d"])
    }

    @Test func aDisabledGroupDisablesItsDescendants() {
        let model = Fixtures.model(Fixtures.questionnaire([
            Fixtures.item("on", "boolean"),
            Fixtures.item("g", "group", [
                "enableWhen": [Fixtures.when("on", "=", "answerBoolean", true)],
                "item": [Fixtures.item("inner", "group", ["item": [Fixtures.item("leaf", "string")]])],
            ]),
        ]))
        var engine = QuestionnaireEngine(model: model)
        #expect(!engine.isEnabled("leaf"))
        engine.answerChanged("on", value: true)
        #expect(engine.isEnabled("g") && engine.isEnabled("inner") && engine.isEnabled("leaf"))
    }

    @Test func enableBehaviorAnyAndAllCombineConditions() {
        let conditions: JSONValue = [Fixtures.when("p", "=", "answerBoolean", true), Fixtures.when("q", "=", "answerBoolean", true)]
        let model = Fixtures.model(Fixtures.questionnaire([
            Fixtures.item("p", "boolean"), Fixtures.item("q", "boolean"),
            Fixtures.item("any", "display", ["enableWhen": conditions, "enableBehavior": "any"]),
            Fixtures.item("all", "display", ["enableWhen": conditions, "enableBehavior": "all"]),
        ]))
        let engine = QuestionnaireEngine(model: model, answers: ["p": true, "q": false])
        #expect(engine.isEnabled("any"))
        #expect(!engine.isEnabled("all"))
    }

    @Test func aReferenceCycleIsReportedAndSettlesWithoutHanging() {
        let model = Fixtures.model(Fixtures.questionnaire([
            Fixtures.item("x", "string", ["enableWhen": [Fixtures.when("y", "exists", "answerBoolean", false)]]),
            Fixtures.item("y", "string", ["enableWhen": [Fixtures.when("x", "exists", "answerBoolean", false)]]),
        ]))
        var engine = QuestionnaireEngine(model: model, answers: ["x": "1", "y": "2"])
        #expect(engine.diagnostics.contains { $0.message.contains("dependency cycle among x, y") })
        engine.answerChanged("x", value: nil)
        _ = engine.isEnabled("x")
    }

    @Test func itemsInsideRepeatingGroupsSeeAnswersOfEveryRepetition() {
        let model = Fixtures.model(Fixtures.questionnaire([
            Fixtures.item("meds", "group", ["repeats": true, "item": [Fixtures.item("name", "string")]]),
            Fixtures.item("aspirin", "display", ["enableWhen": [Fixtures.when("name", "=", "answerString", "aspirin")]]),
        ]))
        let engine = QuestionnaireEngine(model: model, answers: ["meds": [["name": "ibuprofen"], ["name": "aspirin"]]])
        #expect(engine.isEnabled("aspirin"))
    }
}
