import Foundation
import StudyTestSupport
import Testing
@testable import StudyCore

@Suite struct SnapshotTests {
    static let task = #"""
        {"identifier":"t","type":"assessment","steps":[
          {"identifier":"name","type":"simpleQuestion","inputItem":{"type":"string"}},
          {"identifier":"sec","type":"section","steps":[
             {"identifier":"age","type":"simpleQuestion","inputItem":{"type":"integer"}},
             {"identifier":"go","type":"countdown","duration":3},
             {"identifier":"walk","type":"active","duration":10}]},
          {"identifier":"done","type":"completion"}]}
        """#

    func restoreThroughJSON(_ run: TaskRun, clock: TestClock) throws -> TaskRun {
        let text = run.snapshot().json.compactJSON
        let snapshot = try RunSnapshot(json: JSONParser.parse(text))
        return try TaskRun(task: run.task, restoring: snapshot, now: clock.now())
    }

    @Test func resumesAtTheSameStepWithTheSameRunAndAnswers() throws {
        var d = try StepDriver(json: Self.task)
        d.forward()  // name = "name"
        d.run.setAnswers(["age": 41], now: d.clock.now())
        let restored = try restoreThroughJSON(d.run, clock: d.clock)
        #expect(restored.currentPath == "sec/age")
        #expect(restored.taskRunUUID == d.run.taskRunUUID)
        #expect(restored.currentAnswers["age"] == 41)
        #expect(restored.result.root.findResult("name")?.singleValue == "name")
    }

    @Test func aSnapshotDuringAnActiveStepResumesAtTheLastRestorableStep() throws {
        var d = try StepDriver(json: Self.task)
        d.forward()
        d.run.setAnswers(["age": 41], now: d.clock.now())
        d.run.goForward(now: d.clock.now())
        d.run.goForward(now: d.clock.now())
        #expect(d.path == "sec/walk")
        let restored = try restoreThroughJSON(d.run, clock: d.clock)
        #expect(restored.currentPath == "sec/age")
        #expect(restored.currentAnswers["age"] == 41)
    }

    @Test func aRestoredRunFinishesWithTheSameRunIdentity() throws {
        var d = try StepDriver(json: Self.task)
        d.forward()
        var restored = try restoreThroughJSON(d.run, clock: d.clock)
        while !restored.isFinished {
            if restored.currentStep?.question != nil { restored.setAnswers(["age": 30], now: d.clock.now()) }
            restored.goForward(now: d.clock.now())
        }
        #expect(restored.finishReason == .completed)
        #expect(restored.result.taskRunUUID == d.run.taskRunUUID)
        #expect(restored.result.flattenedPath == ["name", "sec/age", "sec/go", "sec/walk", "done"])
    }

    @Test func aSnapshotOfAnotherTaskIsRefused() throws {
        let d = try StepDriver(json: Self.task)
        var other = d.run.task
        other.identifier = "other"
        #expect(throws: RestoreError("the snapshot is of task \"t\", not \"other\"")) {
            try TaskRun(task: other, restoring: d.run.snapshot(), now: Date())
        }
    }

    @Test func resultsRoundTripThroughJSON() throws {
        var d = try StepDriver(json: Self.task)
        while !d.run.isFinished {
            if d.run.currentStep?.question?.fields.first?.kind == .integer(NumberOptions()) { d.run.setAnswers(["age": 30], now: d.clock.now()) }
            d.forward()
        }
        let result = d.run.result
        let back = try TaskResult(json: JSONParser.parse(result.json.prettyJSON))
        #expect(back.json == result.json)
        #expect(back.flattenedPath == result.flattenedPath)
    }

    @Test func prefillComesFromAnEarlierResultWhenAStepHasNone() throws {
        var first = try StepDriver(json: Self.task)
        first.forward()
        first.run.cancel(save: true, now: first.clock.now())
        let clock = TestClock()
        var second = TaskRun(task: first.run.task, now: clock.now(), prefill: first.run.result)
        second.start(now: clock.now())
        #expect(second.currentAnswers["name"] == "name")
        #expect(second.taskRunUUID != first.run.taskRunUUID)
    }
}
