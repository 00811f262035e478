import Foundation
import StudyTestSupport
import Testing
@testable import StudyCore

/// Time is data (issue 25): a timed step's controller hands what it measured to `RunRequest.next`,
/// and the run keeps it where a question keeps its answer: in the result tree, in the snapshot a
/// killed run resumes from, and in the answers the exports read.
@Suite struct MeasurementOutputTests {
    static let task = #"""
        {"identifier":"rt","steps":[
         {"identifier":"react","type":"active","duration":30},
         {"identifier":"age","type":"form","inputFields":[{"identifier":"age","type":"integer"}]},
         {"identifier":"end","type":"instruction"}]}
        """#

    func start() throws -> (TaskRun, TestClock) {
        let t = try TaskFileLoader().load(data: Data(Self.task.utf8), file: FileReference(url: URL(fileURLWithPath: "/rt.json"))).task!
        let clock = TestClock()
        var run = TaskRun(task: t, now: clock.now())
        run.start(now: clock.now())
        return (run, clock)
    }

    static let measured = MeasurementResult(
        identifier: "anything", startDate: Date(timeIntervalSince1970: 0), measurementType: "reactionTime",
        summary: [.init(identifier: "medianRTMs", value: 287.5, unit: "ms"), .init(identifier: "anticipations", value: 1, unit: "{count}")],
        trials: [["index": 1, "outcome": "response", "responseTimeMs": 287.5], ["index": 2, "outcome": "anticipation"]],
        note: "keys read by the program")

    @Test func aMeasurementIsStoredAsTheStepsResultAndSurvivesTheSnapshot() throws {
        var (run, clock) = try start()
        var saved: [JSONValue] = []
        #expect(run.apply(.next(.measurement(Self.measured)), now: clock.now(), save: { saved.append($0.json); return nil }) == nil)
        #expect(run.currentPath == "age")
        guard case .measurement(let stored)? = run.result.root.findResult("react") else {
            Issue.record("no measurement in \(run.result.root.stepHistory)")
            return
        }
        #expect(stored.identifier == "react", "named after the step, whatever the controller called it")
        #expect(stored.summary == Self.measured.summary && stored.trials == Self.measured.trials)
        let resumed = try TaskRun(task: run.task, restoring: RunSnapshot(json: try #require(saved.last)), now: clock.now())
        #expect(resumed.result.root.findResult("react") == .measurement(stored))
    }

    @Test func theResultJSONReadsBackAndTheSummaryValuesAreAnswersOnThePath() throws {
        var (run, clock) = try start()
        _ = run.apply(.next(.measurement(Self.measured)), now: clock.now(), save: { _ in nil })
        _ = run.apply(.next(["age": 40]), now: clock.now(), save: { _ in nil })
        _ = run.apply(.next(nil), now: clock.now(), save: { _ in nil })
        let result = run.result
        #expect(try TaskResult(json: result.json) == result)
        let answers = Dictionary(uniqueKeysWithValues: result.answersOnPath.map { ($0.path, $0.value) })
        #expect(answers["react/medianRTMs"] == 287.5 && answers["react/anticipations"] == 1 && answers["age"] == 40)
        #expect(Self.measured.trialLog == #"{"index":1,"outcome":"response","responseTimeMs":287.5}"# + "\n" + #"{"index":2,"outcome":"anticipation"}"# + "\n")
    }

    @Test func aMeasurementNeverReplacesAQuestionsAnswer() throws {
        var (run, clock) = try start()
        _ = run.apply(.next(nil), now: clock.now(), save: { _ in nil })
        #expect(run.currentPath == "age")
        _ = run.apply(.next(.measurement(Self.measured)), now: clock.now(), save: { _ in nil })
        if case .measurement? = run.result.root.findResult("age") { Issue.record("a question's result became a measurement") }
    }
}
