import Foundation
import StudyCore
import StudyFHIR
import StudyTUI
import StudyTestSupport
import Testing
import TUIKit

/// A repeating FHIR question (answers added and removed on the screen) and a quantity with a choice
/// of units, snapshotted at 80x24 and 40x12. Re-record on purpose with SNAPSHOT_RECORD=1.
@Suite struct AnswerEntryScreenTests {
    let snapshots = SnapshotAssert()

    static let questionnaire = """
    {"resourceType": "Questionnaire", "status": "active", "url": "http://example.org/entry", "item": [
      {"linkId": "names", "type": "string", "text": "Who lives with you?", "repeats": true},
      {"linkId": "weight", "type": "quantity", "text": "Your weight", "extension": [
        {"url": "http://hl7.org/fhir/StructureDefinition/questionnaire-unitOption",
         "valueCoding": {"system": "http://unitsofmeasure.org", "code": "kg", "display": "kg"}},
        {"url": "http://hl7.org/fhir/StructureDefinition/questionnaire-unitOption",
         "valueCoding": {"system": "http://unitsofmeasure.org", "code": "[lb_av]", "display": "lb"}},
        {"url": "http://hl7.org/fhir/StructureDefinition/questionnaire-unitOption",
         "valueCoding": {"system": "http://unitsofmeasure.org", "code": "g", "display": "g"}}]}]}
    """

    private func driver(_ script: [HeadlessTerminal.Input], width: Int, height: Int) throws -> ScreenDriver {
        let json = try JSONParser.parse(Data(Self.questionnaire.utf8))
        let imported = try QuestionnaireImporter().importQuestionnaire(
            from: json, file: FileReference(url: URL(fileURLWithPath: "/entry.json"), displayName: "entry.json"))
        return ScreenDriver(task: imported.task, width: width, height: height, script: script, conditions: imported.conditions)
    }

    private func typed(_ s: String) -> [HeadlessTerminal.Input] { s.map { .key(.character($0)) } }

    /// Three names typed, the second removed again.
    private var names: [HeadlessTerminal.Input] {
        typed("Ann") + keys(.ctrl("n")) + typed("Bob") + keys(.ctrl("n")) + typed("Cy") + keys(.ctrl("x"))
    }

    @Test(arguments: [(80, 24), (40, 12)])
    func aRepeatingQuestionAddsAndRemovesAnswers(width: Int, height: Int) throws {
        let text = try driver(names, width: width, height: height).text
        if let problem = snapshots.check(text, named: "fhir-repeating-question-\(width)x\(height)") { Issue.record(Comment(rawValue: problem)) }
    }

    @Test func theRepeatingQuestionIsAnsweredWithEveryEntry() throws {
        let d = try driver(names + keys(.enter), width: 80, height: 24)
        #expect(d.text.contains("Your weight"))
        let names = d.screen.run.result.root.findResult(StepID("names"))
        guard case .answer(let a)? = names else { Issue.record("no answer for names"); return }
        #expect(a.value == ["Ann", "Bob"])
    }

    @Test(arguments: [(80, 24), (40, 12)])
    func aUnitIsChosenWithPageDown(width: Int, height: Int) throws {
        let script = names + keys(.enter) + typed("160") + keys(.pageDown)
        let text = try driver(script, width: width, height: height).text
        if let problem = snapshots.check(text, named: "fhir-unit-choice-\(width)x\(height)") { Issue.record(Comment(rawValue: problem)) }
        #expect(text.contains("[lb]"))
    }

    @Test func lineModeTakesSeveralAnswersAndAUnitTypedAfterTheNumber() throws {
        let json = try JSONParser.parse(Data(Self.questionnaire.utf8))
        let imported = try QuestionnaireImporter().importQuestionnaire(from: json, file: FileReference(path: "entry.json"))
        var run = TaskRun(task: imported.task, now: ScreenDriver.start, conditions: imported.conditions)
        run.start(now: ScreenDriver.start)
        let lines = LineSessionTests.Lines(["Ann", "yes", "Bob", "no", "160 lb", ""])
        let env = TaskEnvironment(now: { ScreenDriver.start }, uptime: { lines.time })
        var session = LineSession(run: run, environment: env, output: { lines.output += $0 }, readLine: { lines.read() }, sleep: { lines.time += $0 })
        _ = session.play()
        let words = lines.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")   // line mode wraps at 80 columns
        #expect(words.contains("Type a number and its unit, one of kg, lb, g (for example 70 lb; without a unit: kg)."), "\(lines.output)")
        #expect(session.run.finishReason == .completed, "\(lines.output)")
        let answers = QuestionnaireResponseBuilder.answers(in: session.run.result)
        #expect(answers["names"] == ["Ann", "Bob"])
        #expect(answers["weight"] == ["value": .double(160), "unit": "lb", "code": "[lb_av]", "system": "http://unitsofmeasure.org"])
    }
}
