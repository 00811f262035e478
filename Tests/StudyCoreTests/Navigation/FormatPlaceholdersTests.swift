import Foundation
import StudyTestSupport
import Testing
@testable import StudyCore

/// A participant never reads a raw `%@`.
@Suite struct FormatPlaceholdersTests {
    @Test func aPlaceholderOutsideANamedSectionIsDropped() {
        let f = FormatPlaceholders(sectionIdentifier: nil)
        #expect(f.fill("You just completed your %@ Tremor Test activity.") == "You just completed your Tremor Test activity.")
        #expect(f.fill("Well done, %1$@.") == "Well done.")
        #expect(f.fill("No placeholder, 100% sure.") == "No placeholder, 100% sure.")
    }

    @Test func aPlaceholderInsideASectionNamedByOneWordIsThatWord() {
        #expect(FormatPlaceholders(sectionIdentifier: "left").fill("Hold the phone in your %@ hand.") == "Hold the phone in your left hand.")
        #expect(FormatPlaceholders(sectionIdentifier: "step_2").fill("Your %@ hand") == "Your hand")
    }

    @Test func theStepShownInASectionHasItsTextsAndCaptionsFilled() throws {
        var d = try StepDriver(json: #"""
            {"identifier": "tremor", "steps": [
              {"identifier": "right", "type": "section", "steps": [
                {"identifier": "hold", "type": "active", "title": "Hold the phone in your %@ hand.", "duration": 5,
                 "spokenInstructions": {"start": "With your %@ hand in your lap"}}]},
              {"identifier": "done", "type": "completion", "text": "You just completed your %@ Tremor Test activity."}]}
            """#)
        let shown = try #require(d.run.presentedStep)
        #expect(shown.title == "Hold the phone in your right hand.")
        #expect(shown.active?.spokenInstructions.first?.text == "With your right hand in your lap")
        #expect(AnyStepController(run: d.run)?.step.title == "Hold the phone in your right hand.")
        d.forward()
        #expect(d.run.presentedStep?.text == "You just completed your Tremor Test activity.")
    }
}
