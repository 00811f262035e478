import Foundation
import StudyCore
import StudyFHIR
import StudyTestSupport
import Testing
import TUIKit
@testable import StudyTUI

/// At the smallest size (40x12) a step opens at its top, the participant can always scroll back
/// to it, and nothing is cut or said twice.
@Suite struct SmallScreenTests {
    /// The demo study's wellbeing Questionnaire.
    static func wellbeing() throws -> (TaskDefinition, any TaskConditions) {
        let url = RepositoryResources.folder.appendingPathComponent("demo-study/tasks/wellbeing-4.json")
        let imported = try QuestionnaireImporter().importQuestionnaire(from: try JSONParser.parse(Data(contentsOf: url)),
                                                                       file: FileReference(url: url))
        return (imported.task, imported.conditions)
    }

    /// The rows of the last frame.
    static func rows(_ d: ScreenDriver) -> [String] { d.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

    @Test func aQuestionOpensWithItsFirstWordsInView() throws {
        let (task, conditions) = try Self.wellbeing()
        let d = ScreenDriver(task: task, width: 40, height: 12, conditions: conditions)
        #expect(Self.rows(d)[2].contains("Over the last week"), "\(d.text)")
    }

    @Test func upAndPgUpBringTheTopBackFromTheListsEnd() throws {
        let (task, conditions) = try Self.wellbeing()
        let down = keys(.down, .down, .down, .down, .down)
        let atEnd = ScreenDriver(task: task, width: 40, height: 12, script: down, conditions: conditions)
        #expect(!Self.rows(atEnd)[2].contains("Over the last week"), "the list's end scrolled the top away:\n\(atEnd.text)")
        for back in [keys(.up, .up, .up, .up, .up), keys(.pageUp)] {
            let d = ScreenDriver(task: task, width: 40, height: 12, script: down + back, conditions: conditions)
            #expect(Self.rows(d)[2].contains("Over the last week"), "\(d.text)")
            #expect(d.screen.focus == .field(FieldPath(field: 0)), "the focus stays in the field")
        }
    }

    @Test func aLongChecklistOpensAtItsTitleAndUpScrollsBackToIt() throws {
        let symptoms = Fixtures.v4(#"""
            {"identifier": "symptoms", "type": "choiceQuestion", "title": "Which symptoms do you have?", "subtitle": "Choose all that apply.",
             "baseType": "string", "singleChoice": false, "choices": [{"text": "Headache", "value": "headache"},
             {"text": "Fatigue", "value": "fatigue"}, {"text": "Nausea", "value": "nausea"}, {"text": "Dizziness", "value": "dizziness"},
             {"text": "None of these", "value": "none", "selectorType": "exclusive"}], "other": {"type": "string", "fieldLabel": "Something else"}},
            {"identifier": "done", "type": "completion", "title": "Thank you"}
            """#)
        let opened = try ScreenDriver(symptoms, width: 40, height: 12)
        #expect(Self.rows(opened)[2].contains("Which symptoms do you have?"), "\(opened.text)")
        let scrolled = try ScreenDriver(symptoms, width: 40, height: 12, script: keys(.down, .down, .down, .down, .down, .pageUp))
        #expect(Self.rows(scrolled)[2].contains("Which symptoms do you have?"), "\(scrolled.text)")
    }

    @Test func aDropDownKeepsTheStepTitleInViewWhenItOpens() throws {
        let small = try ScreenDriver(NoDefaultAnswerScreenTests.list(optional: true, picker: true), width: 40, height: 12, script: keys(.enter))
        #expect(Self.rows(small)[2].contains("Did you smoke today?"), "\(small.text)")
        #expect(small.text.contains("Yes") && small.text.contains("No"))
        let long = try ScreenDriver(Fixtures.picker, width: 40, height: 12, script: keys(.enter) + typing("s"))
        #expect(Self.rows(long)[2].contains("Which country?"), "\(long.text)")
        #expect(long.text.contains("Filter: s"))
    }

    @Test func theCancelMenuHintIsWholeAt40Columns() throws {
        let d = try ScreenDriver(Fixtures.radio, width: 40, height: 12, script: keys(.ctrl("c")))
        for part in ["↑/↓ choose", "Enter confirm", "Esc continue"] { #expect(d.text.contains(part), "\(d.text)") }
        #expect(d.terminal.lastFrame?.cursor.map { Self.rows(d)[$0.y].contains("> 1 Continue") } == true, "the cursor on the choice")
    }

    @Test func theHelpBoxKeepsItsClosingHintAt40x12() throws {
        let d = try ScreenDriver(Fixtures.radio, width: 40, height: 12, script: keys(.function(1)))
        #expect(d.text.contains("Press any key to close"), "\(d.text)")
        #expect(d.text.contains("Enter") && d.text.contains("F1"), "\(d.text)")
    }

    @Test func aClosedDropDownsHintIsWholeAt40Columns() throws {
        let d = try ScreenDriver(Fixtures.v4(#"""
            {"identifier": "place", "type": "simpleQuestion", "title": "Where?", "inputItem": {"type": "stringChoicePicker",
             "fieldLabel": "Country of residence", "choices": ["Argentina", "Australia"]}}
            """#), width: 40, height: 12)
        #expect(d.text.contains("Enter opens, ←/→ change"), "\(d.text)")
    }

    @Test func aRequiredAnswerIsSaidOnceOnAScreen() throws {
        let d = try ScreenDriver(NoDefaultAnswerScreenTests.list(optional: false), width: 40, height: 12, script: keys(.enter))
        #expect(d.text.components(separatedBy: "An answer is required.").count == 2, "\(d.text)")
        let wide = try ScreenDriver(NoDefaultAnswerScreenTests.list(optional: false), script: keys(.enter))
        #expect(wide.text.components(separatedBy: "An answer is required.").count == 2, "\(wide.text)")
    }
}
