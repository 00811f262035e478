import Foundation
import StudyCore
import StudyTUI
import Testing
import TUIKit

/// Typing a number past Int's range, on the screen and in line mode, shows the inline message and
/// keeps the step (issue 15, point 1): it used to trap in `Int(Double)`.
@Suite struct NumberLimitsScreenTests {
    static let count = Fixtures.v4(#"""
        {"identifier": "cigarettes", "type": "simpleQuestion", "title": "How many cigarettes?", "optional": false,
         "inputItem": {"type": "integer", "formatOptions": {"minimumValue": 1, "maximumValue": 100}}},
        {"identifier": "any", "type": "simpleQuestion", "title": "Any number", "optional": false,
         "inputItem": {"type": "integer"}},
        {"identifier": "done", "type": "completion", "title": "Thank you"}
        """#)

    @Test(arguments: ["99999999999999999999", "9223372036854775808", "-9223372036854775809", "-99999999999999999999"])
    func aHugeNumberOnTheScreenIsAnInlineMessage(typed: String) throws {
        let d = try ScreenDriver(Self.count, script: typing(typed) + keys(.enter))
        #expect(d.text.contains("Enter 100 or less.") || d.text.contains("Enter 1 or more."))
        #expect(d.saved.all.isEmpty)
        let unbounded = try ScreenDriver(Self.count, script: typing("5") + keys(.enter) + typing(typed) + keys(.enter))
        #expect(unbounded.text.contains("That number is too"))
        #expect(unbounded.saved.all.count == 1)
        let edge = try ScreenDriver(Self.count, script: typing("5") + keys(.enter) + typing("9223372036854775807") + keys(.enter))
        #expect(edge.text.contains("Thank you"))
    }

    @Test func aHugeNumberInLineModeIsAskedAgain() throws {
        var run = TaskRun(task: try ScreenDriver.task(Self.count), now: ScreenDriver.start)
        run.start(now: ScreenDriver.start)
        let lines = LineSessionTests.Lines(["99999999999999999999", "7", "-99999999999999999999", "12", ""])
        let env = TaskEnvironment(now: { ScreenDriver.start }, uptime: { 0 })
        var session = LineSession(run: run, environment: env, output: { lines.output += $0 },
                                  readLine: { lines.read() }, sleep: { _ in })
        _ = session.play()
        #expect(lines.output.contains("! Enter 100 or less."))
        #expect(lines.output.contains("! That number is too small"))
        #expect(session.run.finishReason == .completed)
    }
}
