import Foundation
import StudyCore
import StudyFHIR
import Testing
import TUIKit

/// A FHIR repeating group whose dose question depends on "taking" in the same repetition.
@Suite struct RepeatingGroupScreenTests {
    static let questionnaire = """
    {"resourceType": "Questionnaire", "status": "active", "url": "http://example.org/med", "item": [
      {"linkId": "med", "type": "group", "text": "Medication", "repeats": true, "item": [
        {"linkId": "taking", "type": "boolean", "text": "Taking it now?"},
        {"linkId": "dose", "type": "string", "text": "Dose", "required": true,
         "enableWhen": [{"question": "taking", "operator": "=", "answerBoolean": true}]}]}]}
    """

    private func screen(_ script: [HeadlessTerminal.Input]) throws -> String {
        let json = try JSONParser.parse(Data(Self.questionnaire.utf8))
        let imported = try QuestionnaireImporter().importQuestionnaire(
            from: json, file: FileReference(url: URL(fileURLWithPath: "/med.json"), displayName: "med.json"))
        return ScreenDriver(task: imported.task, script: script, conditions: imported.conditions).text
    }

    @Test func theDoseShowsInTheRepetitionThatTakesIt() throws {
        let before = try screen([])
        #expect(!before.contains("Dose"))
        let yes = try screen(keys(.character("1")))
        #expect(yes.components(separatedBy: "Dose").count - 1 == 1)
        let twoEntries = try screen(keys(.character("1"), .ctrl("n"), .character("2")))
        #expect(twoEntries.contains("Medication 2 of 2"))
        #expect(twoEntries.components(separatedBy: "Dose").count - 1 == 1)
    }
}

/// Repeating groups inside repeating groups: one field has the focus and the cursor, typing goes
/// where the cursor is, and Tab reaches every field.
@Suite struct NestedRepeatingGroupScreenTests {
    static let questionnaire = """
    {"resourceType": "Questionnaire", "status": "active", "url": "http://example.org/nested", "item": [
      {"linkId": "meds", "type": "group", "text": "Medication", "repeats": true, "item": [
        {"linkId": "name", "type": "string", "text": "Name"},
        {"linkId": "doses", "type": "group", "text": "Dose", "repeats": true, "item": [
          {"linkId": "amount", "type": "integer", "text": "Amount"},
          {"linkId": "when", "type": "string", "text": "When"}]}]}]}
    """

    private func driver(_ script: [HeadlessTerminal.Input]) throws -> ScreenDriver {
        let json = try JSONParser.parse(Data(Self.questionnaire.utf8))
        let imported = try QuestionnaireImporter().importQuestionnaire(
            from: json, file: FileReference(url: URL(fileURLWithPath: "/nested.json"), displayName: "nested.json"))
        return ScreenDriver(task: imported.task, script: script, conditions: imported.conditions)
    }

    /// Rows of the last frame whose style layer shows a focused cell, and the cursor's row text.
    private func focus(_ d: ScreenDriver) -> (rows: [Int], cursorRow: String) {
        guard let frame = d.terminal.lastFrame else { return ([], "") }
        let styles = frame.canvas.styleLayer().split(separator: "\n", omittingEmptySubsequences: false)
        let rows = styles.indices.filter { $0 < 21 && styles[$0].contains("F") }
        let text = frame.canvas.plainText().split(separator: "\n", omittingEmptySubsequences: false)
        return (rows, frame.cursor.map { String(text[$0.y]) } ?? "")
    }

    @Test func exactlyOneFieldHasTheFocusAndTheCursorWhereTypingGoes() throws {
        let d = try driver(typing("Asp"))
        let (rows, cursorRow) = focus(d)
        #expect(rows.count == 1)
        #expect(cursorRow.contains("[Asp"))
    }

    @Test func tabReachesTheInnerGroupsFieldsAndCtrlNAddsToTheInnerGroup() throws {
        let d = try driver(typing("Asp") + keys(.tab) + typing("2") + keys(.tab) + typing("am") + keys(.tab, .ctrl("n")) + typing("3"))
        #expect(d.text.contains("Dose 2 of 2"))
        #expect(d.text.contains("Medication 1 of 1"))
        #expect(focus(d).rows.count == 1)
        #expect(focus(d).cursorRow.contains("[3"))
        let answers = d.screen.controller.flatMap { c -> JSONValue? in
            guard case .question(let q) = c else { return nil }
            return q.validAnswers(now: ScreenDriver.start)["meds"]
        }
        #expect(answers == [["name": "Asp", "doses": [["amount": 2, "when": "am"], ["amount": 3]]]])
    }
}
