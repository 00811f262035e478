import Foundation
import Testing
@testable import StudyCore

/// What a read-only or calculated value shows is what every result keeps; steps whose ids
/// already carry their section's (FHIR linkIds such as "H1/T1/Q1") have one path each.
@Suite struct ShownIsStoredTests {
    /// A score that is the sum of the answers "a" and "b" it reads.
    struct SumConditions: TaskConditions {
        func isStepEnabled(_ step: StepID, answers: AnswerSnapshot) -> Bool { true }
        func isFieldEnabled(_ field: String, answers: AnswerSnapshot) -> Bool { true }
        func calculatedValues(answers: AnswerSnapshot) -> [String: JSONValue] {
            ["H1/TS": .double((answers["H1/T1/a"]?.doubleValue ?? 0) + (answers["H1/T1/b"]?.doubleValue ?? 0))]
        }
    }

    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    func question(_ id: String, readOnly: Bool = false, optional: Bool = false) -> StepDefinition {
        StepDefinition(identifier: StepID(id), kind: .question(QuestionStep(
            fields: [InputField(identifier: id, kind: .integer(NumberOptions()), isOptional: optional, isReadOnly: readOnly)],
            resultShape: .single)))
    }

    var task: TaskDefinition {
        let inner = StepDefinition(identifier: "H1/T1", kind: .section(SectionStep(steps: StepList(steps: [question("H1/T1/a"), question("H1/T1/b")]))))
        return TaskDefinition(identifier: "t", steps: StepList(steps: [inner, question("H1/TS", readOnly: true, optional: true),
                                                                       StepDefinition(identifier: "done", kind: .completion)]))
    }

    func started() -> TaskRun {
        var run = TaskRun(task: task, now: Self.now, conditions: SumConditions())
        run.start(now: Self.now)
        return run
    }

    @Test func answersInSectionsAreReadByTheirOwnIdentifiers() {
        var run = started()
        run.setAnswers(["H1/T1/a": 2], now: Self.now)
        run.goForward(now: Self.now)
        run.setAnswers(["H1/T1/b": 5], now: Self.now)
        run.goForward(now: Self.now)
        #expect(run.answerSnapshot["H1/T1/a"] == 2)
        #expect(run.currentPath == "H1/TS")
        let c = QuestionStepController(step: run.currentStep!, question: run.currentStep!.question!, answers: run.currentAnswers,
                                       conditions: run.conditions, baseAnswers: run.answerSnapshot)
        #expect(c.editors[0].state == .readOnly(7.0), "the screen shows the score the answers give")
        #expect(run.result.flattenedPath == ["H1/T1/a", "H1/T1/b", "H1/TS"])
    }

    @Test func skippingAStepKeepsItsCalculatedValue() {
        var run = started()
        run.setAnswers(["H1/T1/a": 2], now: Self.now)
        run.goForward(now: Self.now)
        run.setAnswers(["H1/T1/b": 5], now: Self.now)
        run.goForward(now: Self.now)
        run.skip(now: Self.now)
        #expect(run.result.answersOnPath.first { $0.path == "H1/TS" }?.value == 7.0)
    }

    @Test func aStepOfReadOnlyValuesOffersNoSkip() {
        var run = started()
        run.goForward(now: Self.now)
        run.goForward(now: Self.now)
        #expect(run.currentPath == "H1/TS")
        #expect(StepButtons(run: run).skip == nil)
    }

    @Test func aStepPathNamesEachSectionOnce() {
        #expect(StepID.path("", "a") == "a")
        #expect(StepID.path("s/", "a") == "s/a")
        #expect(StepID.path("H1/", "H1/T1") == "H1/T1")
        #expect(StepID.path("H1/T1/", "H1/T1#intro") == "H1/T1#intro")
        #expect(StepID.path("walk/", "walking") == "walk/walking")
    }
}
