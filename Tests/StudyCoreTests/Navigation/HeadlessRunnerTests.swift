import Foundation
import StudyTestSupport
import Testing
@testable import StudyCore

@Suite struct HeadlessRunnerTests {
    /// The worked example of reference §3.9.
    static let worked = #"""
        {"identifier":"t","steps":[
         {"identifier":"a","type":"instruction"},
         {"identifier":"b","type":"form","inputFields":[{"identifier":"b","type":"boolean",
            "surveyRules":[{"matchingAnswer":false,"skipToIdentifier":"d"},{"matchingAnswer":true,"ruleOperator":"eq","skipToIdentifier":"exit"}]}]},
         {"identifier":"c","type":"instruction","nextStepIdentifier":"nextSection"},
         {"identifier":"d","type":"instruction"}]}
        """#

    func run(_ task: String, _ script: String) throws -> HeadlessRunner.Outcome {
        let t = try TaskFileLoader().load(data: Data(task.utf8), file: FileReference(url: URL(fileURLWithPath: "/t.json"))).task!
        let clock = TestClock()
        return HeadlessRunner(task: t).run(try AnswerScript(json: JSONParser.parse(script)), clock: clock.now)
    }

    @Test(arguments: [
        (#"{"b": false}"#, ["a", "b", "d"], FinishReason.completed),
        (#"{"b": true}"#, ["a", "b"], .earlyExit),
        (#"{"b": null}"#, ["a", "b", "c"], .completed),
    ])
    func workedExampleFollowsTheRules(script: String, path: [String], reason: FinishReason) throws {
        let o = try run(Self.worked, script)
        #expect(o.error == nil)
        #expect(o.path == path)
        #expect(o.run.finishReason == reason)
    }

    @Test func eventsAnswerAndActInOrder() throws {
        let o = try run(Self.worked, #"[{"step":"a","action":"next"},{"step":"b","answer":true},{"action":"next"}]"#)
        #expect(o.error?.message == "event 3: the task already ended (earlyExit); 1 event(s) left over")
    }

    @Test func aWrongStepNamesBoth() throws {
        let o = try run(Self.worked, #"[{"step":"b","action":"next"}]"#)
        #expect(o.error?.message == #"event 1 is for step "b" but the current step is "a""#)
    }

    @Test func requiredAnswersBlockNext() throws {
        let o = try run(Self.worked, #"[{"action":"next"},{"action":"next"}]"#)
        #expect(o.error?.message == #"event 2: step "b": An answer is required."#)
        #expect(o.run.currentPath == "b")
    }

    @Test func invalidAnswersAreRejectedLikeAParticipantsWouldBe() throws {
        let task = #"{"identifier":"t","steps":[{"identifier":"age","type":"form","inputFields":[{"type":"integer","range":{"minimumValue":18,"maximumValue":120}}]}]}"#
        #expect(try run(task, #"{"age": 12}"#).error?.message == #"step "age": Enter 18 or more."#)
        #expect(try run(task, #"{"age": "x"}"#).error?.message == #"step "age": Enter a whole number."#)
        #expect(try run(task, #"{"age": 40}"#).run.finishReason == .completed)
    }

    @Test func backGoesToThePreviousStepAndPrefills() throws {
        let task = #"{"identifier":"t","type":"assessment","steps":[{"identifier":"n","type":"simpleQuestion","inputItem":{"type":"integer"}},{"identifier":"end"}]}"#
        let o = try run(task, #"[{"answer":5},{"action":"back"},{"action":"next"},{"action":"next"}]"#)
        #expect(o.error == nil)
        #expect(o.path == ["n", "end"])
        #expect(o.run.result.root.findResult("n")?.singleValue == 5)
    }

    @Test func sectionChildrenAreNamedWithTheirSection() throws {
        let task = #"{"identifier":"t","steps":[{"identifier":"s","type":"section","steps":[{"identifier":"x","type":"form","inputFields":[{"type":"string"}]}]},{"identifier":"x","type":"form","inputFields":[{"type":"string"}]}]}"#
        let o = try run(task, #"{"s/x": "inner", "x": "outer"}"#)
        #expect(o.path == ["s/x", "x"])
        #expect(o.run.result.answersOnPath.map(\.value) == ["inner", "outer"])
    }

    @Test func anAnswersMapStopsALoop() throws {
        let task = #"{"identifier":"t","steps":[{"identifier":"a","nextStepIdentifier":"b"},{"identifier":"b","nextStepIdentifier":"a"}]}"#
        let o = try run(task, "{}")
        #expect(o.error?.message == #"the run came back to step "a" with the same answers as before: the task loops there (with these answers it would never end)"#)
        #expect(o.run.result.flattenedPath.count < 10, "found on the first repeat, not after a count")
    }

    /// A long task is not a loop: 10,050 steps (past the old cap of 10,000) run to the end.
    @Test func aLongTaskWithoutALoopRunsToTheEnd() throws {
        let steps = (0..<10_050).map { #"{"identifier":"q\#($0)","type":"simpleQuestion","inputItem":{"type":"integer"}}"# }
        let task = #"{"identifier":"t","type":"assessment","steps":["# + steps.joined(separator: ",") + "]}"
        let o = try run(task, "{" + (0..<10_050).map { #""q\#($0)": \#($0)"# }.joined(separator: ",") + "}")
        #expect(o.error == nil)
        #expect(o.run.finishReason == .completed)
        #expect(o.path.count == 10_050)
    }

    /// A loop that changes an answer on its way round is no loop until the answers repeat too.
    @Test func aLoopIsFoundOnlyWhenTheStateRepeats() throws {
        let task = #"{"identifier":"t","steps":[{"identifier":"a","type":"simpleQuestion","inputItem":{"type":"integer"}},{"identifier":"b","nextStepIdentifier":"a"}]}"#
        let o = try run(task, #"{"a": 1}"#)
        #expect(o.error?.message.hasPrefix(#"the run came back to step "a" with the same answers"#) == true)
    }

    @Test func aScriptThatEndsEarlySaysWhere() throws {
        #expect(try run(Self.worked, #"[{"action":"next"}]"#).error?.message == #"the script ended at step "b" before the task finished"#)
    }

    @Test func badScriptsAreRejectedWithThePlace() {
        #expect(throws: ScriptError("[0]: an event needs \"answer\" or \"action\"")) { try AnswerScript(json: [["step": "a"]]) }
        #expect(throws: ScriptError("[1].action: use \"next\", \"skip\", \"back\" or \"cancel\"")) {
            try AnswerScript(json: [["action": "next"], ["action": "jump"]])
        }
    }

    @Test func multiFieldStepsTakeAnObjectKeyedByField() throws {
        let task = #"{"identifier":"t","steps":[{"identifier":"hw","type":"form","inputFields":[{"identifier":"h","type":"height"},{"identifier":"w","type":"weight"}]}]}"#
        #expect(try run(task, #"{"hw": 170}"#).error?.message == #"step "hw" has 2 fields; answer with an object keyed by h, w"#)
        #expect(try run(task, #"{"hw": {"h": 170, "w": 65}}"#).run.result.answersOnPath.map(\.path) == ["hw/h", "hw/w"])
    }
}
