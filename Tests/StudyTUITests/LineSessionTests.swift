import Foundation
import StudyCore
import StudyTUI
import Testing

@Suite struct LineSessionTests {
    final class Lines: @unchecked Sendable {
        var input: [String]
        var output = ""
        var time = 0.0
        init(_ input: [String]) { self.input = input }
        func read() -> String? { input.isEmpty ? nil : input.removeFirst() }
    }

    func play(_ json: String, _ input: [String]) throws -> (LineSession, String, String?) {
        var run = TaskRun(task: try ScreenDriver.task(json), now: ScreenDriver.start)
        run.start(now: ScreenDriver.start)
        let lines = Lines(input)
        let env = TaskEnvironment(now: { ScreenDriver.start }, uptime: { lines.time })
        var session = LineSession(run: run, environment: env, output: { lines.output += $0 }, readLine: { lines.read() }, sleep: { lines.time += $0 })
        let note = session.play()
        return (session, lines.output, note)
    }

    @Test func numberedOptionsConfirmTheChoice() throws {
        let (s, out, _) = try play(Fixtures.radio, ["9", "2", ""])
        #expect(out.contains("  2. Good"))
        #expect(out.contains("! That is not one of the choices."))
        #expect(out.contains("Selected: Good"))
        #expect(s.run.finishReason == .completed)
    }

    @Test func aSingleFieldStepSaysItsTitleOnce() throws {
        let json = #"{"identifier":"t","steps":[{"identifier":"q","type":"simpleQuestion","title":"Your nickname?","inputItem":{"type":"string"}}]}"#
        let (_, out, _) = try play(json, ["Ada", ""])
        #expect(out.components(separatedBy: "Your nickname?").count == 2)
        #expect(out.contains("Your answer"))
    }

    @Test func invalidInputIsAskedAgainWithTheMessage() throws {
        let (s, out, _) = try play(Fixtures.form, ["", "Ada", "3000", "1984", "", ""])
        #expect(out.contains("! Enter this year or an earlier one."))
        #expect(s.run.finishReason == .completed)
        #expect(s.run.result.root.findResult("about")?.singleValue == ["nickname": "Ada", "birthYear": 1984])
    }

    @Test func endOfInputSaves() throws {
        let (s, _, note) = try play(Fixtures.form, [""])
        #expect(s.run.finishReason == .saved)
        #expect(note == "Input ended.", "the command line says once that it was saved")
    }

    @Test func commandsGoBackAndCancel() throws {
        let (s, out, _) = try play(Fixtures.form, ["", "back", "", "cancel"])
        #expect(out.contains("Step 1 of about 3: Hello"))
        #expect(s.run.finishReason == .discarded)
    }

    @Test func countdownsAreAnnouncedCoarsely() throws {
        let (s, out, _) = try play(Fixtures.countdown, [""])
        #expect(out.contains("» Breathe in slowly."))
        #expect(out.contains("» Well done."))
        #expect(s.run.finishReason == .completed)
    }
}
