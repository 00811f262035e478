import Foundation
import Testing
@testable import StudyCore

/// What participants read is grammatical and never a raw pattern or placeholder.
@Suite struct ParticipantTextTests {
    let validator = AnswerValidator(now: Date(timeIntervalSince1970: 1_700_000_000), timeZone: TimeZone(identifier: "UTC")!)

    @Test func countsTakeTheRightNumber() {
        let oneDecimal = InputField(identifier: "d", kind: .decimal(NumberOptions(maximumFractionDigits: 1)))
        #expect(validator.validate("1.25", for: oneDecimal) == .failure("Use at most 1 decimal place."))
        let twoDecimals = InputField(identifier: "d", kind: .decimal(NumberOptions(maximumFractionDigits: 2)))
        #expect(validator.validate("1.255", for: twoDecimals) == .failure("Use at most 2 decimal places."))
        let short = InputField(identifier: "t", kind: .text(TextOptions(maximumLength: 1)))
        #expect(validator.validate("ab", for: short) == .failure("Use at most 1 character."))
    }

    @Test func aGroupLabelEndingInANumberReadsAsAnEntry() {
        let group = EntryList(fields: [InputField(identifier: "a", kind: .text(TextOptions()))], itemLabel: "Repeatable group 1",
                              isGroup: true, minimumCount: 1, maximumCount: nil)
        #expect(group.heading(0) == "Repeatable group 1, entry 1 of 1")
        let meds = EntryList(fields: [], itemLabel: "Medication", isGroup: true, minimumCount: 2, maximumCount: nil)
        #expect(meds.heading(1) == "Medication 2 of 2")
    }

    @Test func aSkipOnAStepWithoutAQuestionIsCalledSkip() {
        let task = TaskDefinition(identifier: "t", steps: StepList(steps: [StepDefinition(identifier: "intro", kind: .instruction),
                                                                          StepDefinition(identifier: "done", kind: .completion)]),
                                  actions: [.skip: StepAction()])
        var run = TaskRun(task: task, now: Date())
        run.start(now: Date())
        #expect(StepButtons(run: run).skip?.title == "Skip")
    }

    /// A completion that introduces a measured value ("Your heart rate is", CardiorespiratoryFitness)
    /// shows it with its unit, and leaves the sentence out when the run has no such value.
    @Test func aTextThatIntroducesAResultShowsItOrIsLeftOut() throws {
        let json = #"""
            {"identifier": "hr", "type": "assessment", "steps": [
              {"identifier": "heartRate", "type": "simpleQuestion", "title": "Pulse?", "optional": true, "inputItem": {"type": "integer"}},
              {"identifier": "feedback", "type": "completion", "title": "Nicely done!", "text": "Your heart rate is",
               "resultIdentifier": "heartRate", "unitText": "BPM"}]}
            """#
        let file = FileReference(url: URL(fileURLWithPath: "/hr.json"), displayName: "hr.json")
        let task = try #require(try TaskFileLoader().load(data: Data(json.utf8), file: file).task)
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        for (answer, text) in [(JSONValue.int(72), "Your heart rate is 72 BPM" as String?), (.null, nil)] {
            var run = TaskRun(task: task, now: now)
            run.start(now: now)
            if answer != .null { run.setAnswers(["heartRate": answer], now: now) }
            run.goForward(now: now)
            #expect(run.presentedStep?.identifier == "feedback")
            #expect(run.presentedStep?.title == "Nicely done!")
            #expect(run.presentedStep?.text == text)
        }
    }
}
