import Foundation
import StudyCore
import StudyFHIR
import Testing

/// An importer returns everything its format needs: the task, its conditions and its result
/// export, so that whoever runs the task never asks which format the file was.
@Suite struct ResultExportTests {
    let loader = TaskFileLoader(importers: [QuestionnaireImporter(), SageTaskImporter()])

    static let questionnaire: JSONValue = try! JSONParser.parse(Data("""
    {"resourceType": "Questionnaire", "status": "active", "item": [
      {"linkId": "smoke", "text": "Smoke?", "type": "boolean"},
      {"linkId": "count", "text": "How many?", "type": "integer",
       "enableWhen": [{"question": "smoke", "operator": "=", "answerBoolean": true}]}]}
    """.utf8))

    static let sage: JSONValue = try! JSONParser.parse(Data("""
    {"identifier": "t", "steps": [{"identifier": "q", "type": "form", "inputFields": [{"identifier": "f", "type": "integer"}]}]}
    """.utf8))

    func run(_ loaded: LoadedTaskFile, _ answers: [String: JSONValue], prefill: [String: JSONValue] = [:]) -> TaskRun {
        var runner = HeadlessRunner(task: loaded.task!, conditions: loaded.conditions)
        runner.prefillAnswers = prefill
        return runner.run(.answers(answers), clock: { Date(timeIntervalSince1970: 1_700_000_000) }).run
    }

    @Test func aQuestionnaireComesWithItsConditionsAndItsResponseAsItsRecord() throws {
        let loaded = try loader.load(json: Self.questionnaire, file: FileReference(path: "q.json"))
        #expect(loaded.export.recordName == "QuestionnaireResponse")
        // The conditions came with the file: "count" is asked only after a yes.
        let skipped = run(loaded, ["smoke": false])
        #expect(!skipped.result.flattenedPath.contains("count"))
        #expect(run(loaded, ["smoke": true, "count": 1]).result.flattenedPath.contains("count"))
        let answered = run(loaded, ["smoke": true, "count": 3])
        let record = try #require(loaded.export.record(of: answered.result))
        #expect(record.record["resourceType"]?.stringValue == "QuestionnaireResponse")
        #expect(loaded.export.isRecord(record.record))
        // The record prefills a new run, which gives the same answers back.
        let prefilled = try loaded.export.prefill(with: record.record, recordFile: "r.json")
        let again = run(prefilled.file, [:], prefill: prefilled.answers)
        #expect(prefilled.file.export.record(of: again.result)?.record["item"] == record.record["item"])
    }

    @Test func aSageTaskKeepsNoRecordAndCannotBePrefilledFromOne() throws {
        let loaded = try loader.load(json: Self.sage, file: FileReference(path: "t.json"))
        #expect(loaded.export.recordName == nil)
        #expect(loaded.export.record(of: run(loaded, ["q/f": 2]).result) == nil)
        #expect(!loaded.export.isRecord(Self.questionnaire))
        #expect(throws: TaskLoadError.self) { try loaded.export.prefill(with: Self.questionnaire, recordFile: "r.json") }
    }
}
