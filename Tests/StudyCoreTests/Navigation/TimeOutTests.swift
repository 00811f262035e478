import Foundation
import StudyTestSupport
import Testing
@testable import StudyCore

/// A run stopped because the participant was inactive: it ends `timedOut`, with the answers so
/// far or none, and its result says so in its JSON and reads back the same.
@Suite struct TimeOutTests {
    static let task = #"""
        {"identifier":"t","steps":[
         {"identifier":"age","type":"form","inputFields":[{"identifier":"age","type":"integer","range":{"minimumValue":0,"maximumValue":120}}]},
         {"identifier":"city","type":"form","inputFields":[{"identifier":"city","type":"string","optional":true}]},
         {"identifier":"end","type":"instruction"}]}
        """#

    /// A run answered up to the second step.
    func answeredFirstStep() throws -> (TaskRun, TestClock) {
        let t = try TaskFileLoader().load(data: Data(Self.task.utf8), file: FileReference(url: URL(fileURLWithPath: "/t.json"))).task!
        let clock = TestClock()
        var run = TaskRun(task: t, now: clock.now())
        run.start(now: clock.now())
        #expect(run.apply(.next(["age": 40]), now: clock.now(), save: { _ in nil }) == nil)
        #expect(run.currentPath == "city")
        return (run, clock)
    }

    @Test func aTimeOutKeepingPartialAnswersKeepsThemAndStoresWhereToResume() throws {
        var (run, clock) = try answeredFirstStep()
        var stored: [EncodedSnapshot] = []
        #expect(run.apply(.timeOut(["city": "Oslo"], keepPartial: true), now: clock.now(), save: { stored.append($0); return nil }) == nil)
        #expect(run.finishReason == .timedOut)
        #expect(run.endDate != nil)
        let answers = run.result.answersOnPath
        #expect(answers.contains { $0.value == 40 })
        #expect(answers.contains { $0.value == "Oslo" })
        #expect(stored.count == 1)
        #expect(stored.first?.stepPath == "city")
    }

    @Test func aTimeOutDroppingPartialAnswersKeepsNoneAndStoresNothing() throws {
        var (run, clock) = try answeredFirstStep()
        var calls = 0
        #expect(run.apply(.timeOut(["city": "Oslo"], keepPartial: false), now: clock.now(), save: { _ in calls += 1; return nil }) == nil)
        #expect(calls == 0)
        #expect(run.finishReason == .timedOut)
        #expect(run.result.answersOnPath.isEmpty)
        #expect(run.result.root.stepHistory.isEmpty)
        #expect(run.previousResults.isEmpty)
        #expect(run.result.root.endDate != nil)
    }

    @Test func aTimedOutResultSaysSoInItsJSONAndReadsBackTheSame() throws {
        for keep in [true, false] {
            var (run, clock) = try answeredFirstStep()
            _ = run.apply(.timeOut(nil, keepPartial: keep), now: clock.now(), save: nil)
            let json = run.result.json
            #expect(json["finishReason"] == "timedOut")
            let read = try TaskResult(json: json)
            #expect(read == run.result)
            #expect(read.finishReason == .timedOut)
        }
    }

    @Test func aFinishedRunDoesNotTimeOut() throws {
        var (run, clock) = try answeredFirstStep()
        _ = run.apply(.discard, now: clock.now(), save: nil)
        _ = run.apply(.timeOut(nil, keepPartial: true), now: clock.now(), save: nil)
        #expect(run.finishReason == .discarded)
    }
}
