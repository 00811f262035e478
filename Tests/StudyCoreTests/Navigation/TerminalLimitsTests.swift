import Foundation
import StudyTestSupport
import Testing
@testable import StudyCore

/// Steps a terminal cannot perform always have a way forward and are recorded as skipped, with
/// the reason; a task that is mostly such steps says so.
@Suite struct TerminalLimitsTests {
    static let json = #"""
        {"identifier": "heartRate", "type": "section", "steps": [
          {"identifier": "instruction", "type": "instruction", "title": "Cover the camera"},
          {"identifier": "heartRate", "type": "heartRate", "shouldHideActions": ["goBackward", "goForward"],
           "duration": 60, "commands": ["vibrate", "continueOnFinish"]},
          {"identifier": "tap", "type": "tapping", "title": "Tap"},
          {"identifier": "feedback", "type": "completion", "title": "Nicely done!"}]}
        """#
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    func run() throws -> TaskRun {
        let file = FileReference(url: URL(fileURLWithPath: "/hr.json"), displayName: "hr.json")
        let task = try #require(try TaskFileLoader().load(data: Data(Self.json.utf8), file: file).task)
        var run = TaskRun(task: task, now: Self.now)
        run.start(now: Self.now)
        return run
    }

    @Test func anUnrunnableStepHasContinueAndSaysWhatIsNotRecorded() throws {
        var r = try run()
        #expect(TerminalLimits.taskWarning(r.task) == "Most of this task needs a phone's sensors: 2 of its 2 activities cannot be recorded in a terminal.")
        r.goForward(now: Self.now)
        #expect(StepButtons(run: r).forward?.title == "Continue", "hidden goForward assumed a phone")
        #expect(TerminalLimits.note(for: r)?.contains("nothing is recorded for it. It goes on by itself when the time is up") == true)
        guard case .active(let a)? = AnyStepController(run: r) else { Issue.record("a step with a duration and continueOnFinish is timed"); return }
        #expect(a.active.duration == 60 && a.active.startsAutomatically && a.active.continuesOnFinish)
    }

    @Test func leavingAnUnrunnableStepRecordsASkipWithTheReason() throws {
        var r = try run()
        r.goForward(now: Self.now)
        r.goForward(now: Self.now)   // heartRate, by Enter or when its time is up
        r.skip(now: Self.now)        // tap, by a skip
        func flat(_ b: BranchResult) -> [StepResult] {
            b.stepHistory.flatMap { r -> [StepResult] in if case .section(let inner) = r { return flat(inner) } else { return [r] } }
        }
        let history = flat(r.result.root)
        for id in ["heartRate", "tap"] {
            guard case .base(let b)? = history.first(where: { $0.identifier == id }) else { Issue.record("no result for \(id)"); continue }
            #expect(b.skipReason == TerminalLimits.skipReason)
        }
        guard case .base(let b)? = history.first(where: { $0.identifier == "heartRate" }) else { return }
        #expect(StepResult.base(b).json["skipReason"] == "not available in a terminal")
        #expect(try StepResult(json: StepResult.base(b).json) == .base(b))
    }

    @Test func aTaskOfQuestionsGivesNoWarning() {
        let q = StepDefinition(identifier: "q", kind: .question(QuestionStep(fields: [InputField(identifier: "q", kind: .text(TextOptions()))])))
        #expect(TerminalLimits.taskWarning(TaskDefinition(identifier: "t", steps: StepList(steps: [q]))) == nil)
    }

    @Test func anActiveStepUnderAMotionRecorderSaysMotionIsNotRecorded() throws {
        let json = #"""
            {"identifier": "walk", "steps": [{"identifier": "s", "type": "section",
              "asyncActions": [{"identifier": "motion", "type": "motion"}, {"identifier": "mic", "type": "microphone"}],
              "steps": [{"identifier": "walking", "type": "active", "duration": 30}]}]}
            """#
        let file = FileReference(url: URL(fileURLWithPath: "/w.json"), displayName: "w.json")
        let task = try #require(try TaskFileLoader().load(data: Data(json.utf8), file: file).task)
        var r = TaskRun(task: task, now: Self.now)
        r.start(now: Self.now)
        #expect(TerminalLimits.note(for: r) == "A terminal does not record motion and microphone: only the time of this step is kept.")
        #expect(TerminalLimits.taskWarning(task) != nil)
    }
}
