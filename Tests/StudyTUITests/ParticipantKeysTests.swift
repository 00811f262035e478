import Foundation
import StudyCore
import StudyFHIR
import StudyTestSupport
import Testing
import TUIKit
@testable import StudyTUI

/// The keys a participant's hands expect: Esc closes the innermost thing first, Left/Right move
/// the highlight with the choice, and Enter goes from field to field before it sends the step.
@Suite struct ParticipantKeysTests {
    /// An instruction, then `step`, then a completion.
    static func after(_ step: String) -> String {
        Fixtures.v4(#"{"identifier": "intro", "type": "instruction", "title": "Hello"},"# + step
                    + #", {"identifier": "done", "type": "completion", "title": "Thank you"}"#)
    }

    static let picker = after(#"""
        {"identifier": "country", "type": "simpleQuestion", "title": "Which country?", "inputItem": {"type": "stringChoicePicker",
         "choices": ["Argentina", "Australia", "Austria", "Belgium", "Brazil", "Canada", "Chile", "China", "Denmark",
         "Spain", "Sweden", "Switzerland", "Turkey"]}}
        """#)

    static let longList = after(#"""
        {"identifier": "country", "type": "choiceQuestion", "title": "Which country?", "baseType": "string", "singleChoice": true,
         "choices": [{"text": "Argentina", "value": "Argentina"}, {"text": "Australia", "value": "Australia"}, {"text": "Austria", "value": "Austria"}, {"text": "Belgium", "value": "Belgium"}, {"text": "Brazil", "value": "Brazil"}, {"text": "Canada", "value": "Canada"}, {"text": "Chile", "value": "Chile"}, {"text": "China", "value": "China"}, {"text": "Denmark", "value": "Denmark"}, {"text": "Spain", "value": "Spain"}, {"text": "Sweden", "value": "Sweden"}, {"text": "Switzerland", "value": "Switzerland"}, {"text": "Turkey", "value": "Turkey"}]}
        """#)

    static let twoFields = after(#"""
        {"identifier": "about", "type": "multipleInputQuestion", "title": "About you", "inputItems": [
          {"identifier": "nickname", "type": "string", "fieldLabel": "Nickname", "optional": true},
          {"identifier": "city", "type": "string", "fieldLabel": "City", "optional": true}]}
        """#)

    /// The focused field's choice list.
    func choices(_ d: ScreenDriver) -> ChoiceList? {
        guard case .choice(let c)? = d.screen.focusedEditor?.state else { return nil }
        return c
    }

    /// The answer recorded for step `id`.
    func recorded(_ d: ScreenDriver, _ id: String) -> JSONValue? {
        d.screen.run.result.root.stepHistory.last { $0.identifier == id }.map { $0.answers[id] ?? .null }
    }

    /// The help line (the screen's last row).
    func help(_ d: ScreenDriver) -> String { d.text.split(separator: "\n", omittingEmptySubsequences: false).last.map(String.init) ?? "" }

    // MARK: Esc (issue 26, point 1)

    @Test func escClearsTheFilterThenClosesTheListThenGoesBack() throws {
        let open = keys(.enter, .enter) + typing("sw")
        let filtered = try ScreenDriver(Self.picker, script: open)
        #expect(choices(filtered)?.filter == "sw")
        #expect(help(filtered).contains("Esc clear"))
        let cleared = try ScreenDriver(Self.picker, script: open + keys(.escape))
        #expect(cleared.screen.run.currentStep?.identifier == "country")
        #expect(choices(cleared)?.filter == "")
        #expect(choices(cleared)?.isCollapsed == false)
        #expect(help(cleared).contains("Esc close"))
        let closed = try ScreenDriver(Self.picker, script: open + keys(.escape, .escape))
        #expect(closed.screen.run.currentStep?.identifier == "country")
        #expect(choices(closed)?.isCollapsed == true)
        #expect(help(closed).contains("Esc back"))
        let back = try ScreenDriver(Self.picker, script: open + keys(.escape, .escape, .escape))
        #expect(back.screen.run.currentStep?.identifier == "intro")
    }

    @Test func escInAnOpenListWithoutAFilterClosesIt() throws {
        let d = try ScreenDriver(Self.picker, script: keys(.enter, .enter, .down, .escape))
        #expect(d.screen.run.currentStep?.identifier == "country")
        #expect(choices(d)?.isCollapsed == true)
        #expect(recorded(d, "country") == nil || recorded(d, "country") == .null)
    }

    @Test func escInALongListClearsItsFilterFirst() throws {
        let d = try ScreenDriver(Self.longList, script: keys(.enter) + typing("sw") + keys(.escape))
        #expect(d.screen.run.currentStep?.identifier == "country")
        #expect(choices(d)?.filter == "")
        let back = try ScreenDriver(Self.longList, script: keys(.enter) + typing("sw") + keys(.escape, .escape))
        #expect(back.screen.run.currentStep?.identifier == "intro")
    }

    // MARK: Left/Right (issue 26, point 2)

    @Test func anOptionChosenWithRightInAnOpenListIsConfirmedByEnter() throws {
        let d = try ScreenDriver(Self.picker, script: keys(.enter, .enter, .right, .right, .enter))
        #expect(choices(d)?.isCollapsed == true, "Enter confirmed and closed the list")
        #expect(d.screen.focusedEditor?.rawValue == "Australia")
        let next = try ScreenDriver(Self.picker, script: keys(.enter, .enter, .right, .right, .enter, .enter))
        #expect(recorded(next, "country") == "Australia")
    }

    @Test func leftAndRightInARadioListMoveTheHighlightWithTheChoice() throws {
        let d = try ScreenDriver(Fixtures.radio, script: keys(.right, .right, .right, .left))
        let c = try #require(choices(d))
        #expect(c.selected == [1])
        #expect(c.highlightedIndex == 1)
        #expect(c.optionForEnter == 1)
        let filtered = try ScreenDriver(Self.longList, script: keys(.enter) + typing("sw") + keys(.right, .right))
        let f = try #require(choices(filtered))
        #expect(f.highlightedIndex.map { f.label($0) } == "Switzerland", "among the rows shown")
        #expect(f.selected == Set(f.highlightedIndex.map { [$0] } ?? []))
    }

    // MARK: Enter (issue 26, point 3)

    @Test func enterInTheFirstFieldMovesToTheNextAndSendsOnlyFromTheLast() throws {
        let first = try ScreenDriver(Self.twoFields, script: keys(.enter) + typing("Ada") + keys(.enter))
        #expect(first.screen.run.currentStep?.identifier == "about")
        #expect(first.screen.focus == .field(FieldPath(field: 1)))
        let typed = try ScreenDriver(Self.twoFields, script: keys(.enter) + typing("Ada") + keys(.enter) + typing("Oslo"))
        #expect(typed.screen.focusedEditor?.rawValue == "Oslo")
        #expect(help(try ScreenDriver(Self.twoFields, script: keys(.enter))).contains("Enter next field"))
        let sent = try ScreenDriver(Self.twoFields, script: keys(.enter) + typing("Ada") + keys(.enter) + typing("Oslo") + keys(.enter))
        #expect(sent.screen.run.currentStep?.identifier == "done")
        #expect(recorded(sent, "about") == ["nickname": "Ada", "city": "Oslo"])
    }

    @Test func aRadioListChosenWithEnterMovesToTheNextField() throws {
        let json = Self.after(#"""
            {"identifier": "form", "type": "form", "title": "Two", "inputFields": [
              {"identifier": "mood", "type": "singleChoice", "prompt": "Mood", "choices": [{"text": "Good", "value": "good"}, {"text": "Bad", "value": "bad"}]},
              {"identifier": "note", "type": "string", "prompt": "Note", "optional": true}]}
            """#)
        let d = try ScreenDriver(json, script: keys(.enter, .down, .enter))
        #expect(d.screen.run.currentStep?.identifier == "form")
        #expect(d.screen.focus == .field(FieldPath(field: 1)))
    }

    // MARK: Help line words (issue 26, point 9)

    @Test func aButtonNameKeepsItsCapitalisationInTheHelpLine() {
        #expect(TaskScreen.helpTitle("I already did today's") == "I already did today's")
        #expect(TaskScreen.helpTitle("Next") == "next")
        #expect(TaskScreen.helpTitle("OK") == "OK")
        #expect(TaskScreen.helpTitle("Send to Dr Smith") == "send to Dr Smith")
    }
}
