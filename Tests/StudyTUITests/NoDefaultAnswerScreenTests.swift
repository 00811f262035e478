import Foundation
import StudyCore
import Testing
import TUIKit

/// On the task screen Enter never records an option the participant did not choose.
@Suite struct NoDefaultAnswerScreenTests {
    static func list(optional: Bool, picker: Bool = false) -> String {
        Fixtures.v4(#"""
            {"identifier": "smoke", "type": "choiceQuestion", "title": "Did you smoke today?", "baseType": "boolean",
             "singleChoice": true, "optional": \#(optional), \#(picker ? #""uiHint": "picker","# : "")
             "choices": [{"text": "Yes", "value": true}, {"text": "No", "value": false}]},
            {"identifier": "done", "type": "completion", "title": "Thank you"}
            """#)
    }

    /// The recorded value of step `smoke`, if the run went past it.
    func recorded(_ d: ScreenDriver) -> JSONValue? {
        d.screen.run.result.root.stepHistory.first { $0.identifier == "smoke" }.map { $0.answers["smoke"] ?? .null }
    }

    @Test func enterOnAnUntouchedRequiredQuestionKeepsTheStepAndSaysHowToChoose() throws {
        let d = try ScreenDriver(Self.list(optional: false), script: keys(.enter))
        #expect(d.screen.run.currentStep?.identifier == "smoke")
        #expect(d.text.contains("An answer is required."))
        #expect(d.text.contains("Choose with an option's number, or move to it with ↑/↓"))
        #expect(d.text.contains("( ) Yes"))
        #expect(d.saved.all.isEmpty)
    }

    @Test func enterOnAnUntouchedOptionalQuestionRecordsASkipNotOptionOne() throws {
        let d = try ScreenDriver(Self.list(optional: true), script: keys(.enter))
        #expect(d.text.contains("Thank you"))
        #expect(recorded(d) == .null)
    }

    @Test func enterOnAnOptionMovedToRecordsIt() throws {
        let d = try ScreenDriver(Self.list(optional: false), script: keys(.down, .up, .enter))
        #expect(recorded(d) == true)
    }

    @Test func aDropDownOpenedWithEnterTakesNothingOnTheSecondEnter() throws {
        let d = try ScreenDriver(Self.list(optional: true, picker: true), script: keys(.enter, .enter))
        #expect(d.screen.run.currentStep?.identifier == "smoke")
        #expect(d.text.contains("type to find an option, then Enter"))
        #expect(d.terminal.bellCount == 1)
        let chosen = try ScreenDriver(Self.list(optional: true, picker: true), script: keys(.enter, .down, .enter, .enter))
        #expect(recorded(chosen) == false)
    }

    @Test func aClickOnAnOptionChoosesIt() throws {
        // Row 4 is the first option ("Yes").
        let d = try ScreenDriver(Self.list(optional: false), script: [.event(.mouse(x: 8, y: 4, button: .left))] + keys(.enter))
        #expect(recorded(d) == true)
    }
}
