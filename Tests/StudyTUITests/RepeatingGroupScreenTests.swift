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
