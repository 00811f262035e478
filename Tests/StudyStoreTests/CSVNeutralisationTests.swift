import Foundation
import StudyCore
import Testing
@testable import StudyExport
@testable import StudyStore

/// The CSV export is safe to open in a spreadsheet and to `cat` on a terminal (OWASP CSV
/// injection guidance), while the JSON and FHIR exports keep every character (issue 15, point 10).
@Suite struct CSVNeutralisationTests {
    static func row(_ value: JSONValue, step: String = "q") -> AnswerRow {
        AnswerRow(studyID: "s1", participantID: nil, taskID: "t", runID: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!,
                  stepPath: step, value: value, stepStartedAt: nil, stepEndedAt: nil, runStartedAt: T.at(0), runFinishedAt: nil)
    }

    /// The answer cell of a row, unquoted.
    static func cell(_ value: JSONValue) -> String {
        let fields = row(value).csvLine.components(separatedBy: ",")
        return fields[5]
    }

    @Test(arguments: ["=HYPERLINK(\"http://evil\",\"x\")", "+1+1", "-2+3+cmd|' /C calc'!A0", "@SUM(A1:A2)", "\t=1", "\r=1",
                      "＝1+1", "＠x"])
    func aFormulaStartIsShownAsText(text: String) {
        let line = Self.row(.string(text)).csvLine
        #expect(line.contains(",'") || line.contains(",\"'"), "\(line)")
    }

    @Test func numbersAndPlainTextStayAsTheyAre() {
        #expect(Self.cell(-3) == "-3")
        #expect(Self.cell(-2.5) == "-2.5")
        #expect(Self.cell("-3") == "-3")
        #expect(Self.cell("+4.5") == "+4.5")
        #expect(Self.cell("a = b") == "a = b")
        #expect(Self.cell("Ada") == "Ada")
        #expect(Self.cell("-") == "'-")
    }

    @Test func escapeSequencesBecomeVisibleEscapes() {
        let line = Self.row("\u{1B}c reset \u{1B}]52;c;cGF5bG9hZA==\u{07} \u{9B}31m red \u{202E}txt", step: "q\u{1B}[2J").csvLine
        for raw in ["\u{1B}", "\u{07}", "\u{9B}", "\u{202E}"] { #expect(!line.contains(raw)) }
        #expect(line.contains("\\x1bc reset \\x1b]52;c;cGF5bG9hZA==\\x07 \\x9b31m red \\u{202e}txt"))
        #expect(line.contains("q\\x1b[2J"))
        #expect(Self.row("line one\nline two").csvLine.contains("\"line one\nline two\""))
    }

    @Test func jsonAndFHIRExportsKeepTheExactText() throws {
        let store = try StoreFixtures.enrolledStore()
        let id = UUID()
        let hostile = "=HYPERLINK(\"x\")\u{1B}c\u{9B}"
        var root = BranchResult(identifier: "t", startDate: T.at(0), endDate: T.at(2))
        root.appendStepHistory(.answer(AnswerResult(identifier: "q", startDate: T.at(0), endDate: T.at(1),
                                                    answerType: AnswerType(.string), value: .string(hostile))), direction: .forward)
        let response: JSONValue = ["resourceType": "QuestionnaireResponse", "item": [["linkId": "q", "answer": [["valueString": .string(hostile)]]]]]
        try store.startRun(id: id, studyID: "s1", taskID: "t", at: T.at(0))
        try store.finishRun(FinishedRun(result: TaskResult(root: root, taskRunUUID: id, finishReason: .completed),
                                        questionnaireResponse: response, finishedAt: T.at(2)))
        let (json, _) = try store.exportDocument(.json, studyID: nil)
        let (fhir, _) = try store.exportDocument(.fhir, studyID: nil)
        let (csv, _) = try store.exportDocument(.csv, studyID: nil)
        #expect(try JSONParser.parse(Data(json.utf8)).compactJSON.contains(JSONValue.string(hostile).compactJSON))
        let resource = try JSONParser.parse(Data(fhir.split(separator: "\n")[0].utf8))
        #expect(resource["item"]?.arrayValue?.first?["answer"]?.arrayValue?.first?["valueString"] == .string(hostile))
        #expect(csv.contains("'=HYPERLINK(\"\"x\"\")\\x1bc\\x9b"))
        for text in [json, fhir, csv] { #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B }) }
    }
}
