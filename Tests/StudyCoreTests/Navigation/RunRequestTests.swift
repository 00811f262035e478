import Foundation
import StudyTestSupport
import Testing
@testable import StudyCore

/// `TaskRun.apply`, the one way the screen, line mode and scripts act on a run: a move counts only
/// when its snapshot is stored, and the headless runner checks answers with the step's controller.
@Suite struct RunRequestTests {
    static let task = #"""
        {"identifier":"t","steps":[
         {"identifier":"age","type":"form","inputFields":[{"identifier":"age","type":"integer","range":{"minimumValue":0,"maximumValue":120}}]},
         {"identifier":"day","type":"form","inputFields":[{"identifier":"day","type":"date","optional":true}]},
         {"identifier":"end","type":"instruction"}]}
        """#

    func start() throws -> (TaskRun, TestClock) {
        let t = try TaskFileLoader().load(data: Data(Self.task.utf8), file: FileReference(url: URL(fileURLWithPath: "/t.json"))).task!
        let clock = TestClock()
        var run = TaskRun(task: t, now: clock.now())
        run.start(now: clock.now())
        return (run, clock)
    }

    @Test func aMoveCountsOnlyWhenItsSnapshotIsStored() throws {
        var (run, clock) = try start()
        let full = run.apply(.next(["age": 40]), now: clock.now(), save: { _ in AutosaveFailure("the disk is full") })
        #expect(full == .notStored(AutosaveFailure("the disk is full")))
        #expect(run.currentPath == "age")
        #expect(run.currentAnswers["age"] != 40)
        var saved: [JSONValue] = []
        #expect(run.apply(.next(["age": 40]), now: clock.now(), save: { saved.append($0.json); return nil }) == nil)
        #expect(run.currentPath == "day")
        // What was stored is the run after the move: it resumes at the next step with the answer.
        let resumed = try TaskRun(task: run.task, restoring: RunSnapshot(json: saved[0]), now: clock.now())
        #expect(resumed.currentPath == "day")
    }

    @Test func goingBackFromTheFirstStepIsRefusedAndSavingEndsTheRunSaved() throws {
        var (run, clock) = try start()
        #expect(run.apply(.back(nil), now: clock.now(), save: { _ in nil }) == .cannotGoBack)
        var stored: JSONValue?
        #expect(run.apply(.save(["age": 7]), now: clock.now(), save: { stored = $0.json; return nil }) == nil)
        #expect(run.finishReason == .saved)
        // A saved run resumes where it was, with the answer given before saving.
        let resumed = try TaskRun(task: run.task, restoring: RunSnapshot(json: try #require(stored)), now: clock.now())
        #expect(resumed.currentPath == "age")
        #expect(resumed.currentAnswers["age"] == 7)
    }

    @Test func aDiscardStoresNothing() throws {
        var (run, clock) = try start()
        var calls = 0
        #expect(run.apply(.discard, now: clock.now(), save: { _ in calls += 1; return nil }) == nil)
        #expect(run.finishReason == .discarded)
        #expect(calls == 0)
    }

    /// The script's answers are checked by the step's controller, as what is typed on the screen
    /// is: the same answers pass, and a refused one is refused with the controller's own words.
    @Test func aScriptIsCheckedByTheStepsController() throws {
        let t = try TaskFileLoader().load(data: Data(Self.task.utf8), file: FileReference(url: URL(fileURLWithPath: "/t.json"))).task!
        let clock = TestClock()
        let outcome = HeadlessRunner(task: t).run(.answers(["age": 40, "day": "2024-01-05"]), clock: clock.now)
        #expect(outcome.error == nil)
        #expect(outcome.run.result.answersOnPath.map(\.value) == [40, "2024-01-05"])
        let refused = HeadlessRunner(task: t).run(.answers(["age": 300]), clock: clock.now)
        let step = t.steps.steps[0]
        let q = QuestionStepController(step: step, question: step.question!, answers: [:])
        guard case .failure(let problem) = q.validate(given: ["age": 300], now: clock.now()) else {
            Issue.record("the controller accepted 300")
            return
        }
        #expect(refused.error?.message == "step \"age\": \(problem.message.text)")
        // The screen's editors say the same of 300 typed into the field.
        var typed = QuestionStepController(step: step, question: step.question!, answers: ["age": 300])
        guard case .failure(let onScreen) = typed.validate(now: clock.now()) else {
            Issue.record("the screen accepted 300")
            return
        }
        #expect(onScreen.message == problem.message)
    }
}
