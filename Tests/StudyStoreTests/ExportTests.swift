import Foundation
import StudyCore

import Testing
@testable import StudyStore
@testable import StudyExport

@Suite struct ExportTests {
    @Test func givesOneRowPerAnswerOnTheRouteWithRunAndStepTimes() throws {
        let store = try StoreFixtures.enrolledStore()
        let id = UUID()
        try store.startRun(id: id, studyID: "s1", taskID: "mood", at: T.at(100))
        try store.finishRun(FinishedRun(result: StoreFixtures.result(runID: id), finishedAt: T.at(160)))
        let open = UUID()
        try store.startRun(id: open, studyID: "s1", taskID: "mood", at: T.at(200))

        let rows = try store.answerRows()

        #expect(rows.map(\.stepPath) == ["feeling", "score", "sleep/hours"])
        #expect(rows.map(\.value) == ["good, \"very\"", 7, 7.5])
        #expect(rows.allSatisfy { $0.studyID == "s1" && $0.participantID == "P-12" && $0.taskID == "mood" && $0.runID == id })
        #expect(rows[0].stepStartedAt == T.at(101) && rows[0].stepEndedAt == T.at(110))
        #expect(rows[2].stepStartedAt == T.at(121) && rows[2].stepEndedAt == T.at(130))
        #expect(rows[0].runStartedAt == T.at(100) && rows[0].runFinishedAt == T.at(160))
    }

    @Test(arguments: [0.000_4, 0.123, 0.123_999_9, 0.999_6, 59.001])
    func anInstantReadsTheSameInTheAppsExportAndTheServers(fraction: Double) throws {
        // The server exports the run's times from the metadata sent with it (text in whole
        // milliseconds, read back as a Date); the app's export read the database's own date column,
        // which could differ by a millisecond. Both now write the same text for the same instant.
        let store = try StoreFixtures.enrolledStore()
        let id = UUID()
        let start = T.at(100 + fraction), end = T.at(160 + fraction)
        try store.startRun(id: id, studyID: "s1", taskID: "mood", at: start)
        try store.finishRun(FinishedRun(result: StoreFixtures.result(runID: id), finishedAt: end))
        let run = try #require(try store.exportableRuns().first)
        for key in ["startDate", "endDate"] {
            let sent = try #require(run.metadata[key]?.stringValue)
            let onTheServer = ResultDate.string(from: try #require(ResultDate.date(from: sent)))
            #expect(onTheServer == sent)
            let inTheApp = ResultDate.string(from: try #require(key == "startDate" ? run.startedAt : run.finishedAt))
            #expect(inTheApp == sent, "\(key)")
        }
        #expect(ResultDate.string(from: end) == (try #require(run.metadata["endDate"]?.stringValue)))
    }

    @Test func aTimedOutRunIsExportedWithItsStatusAndReadsBack() throws {
        let store = try StoreFixtures.enrolledStore()
        let id = UUID()
        try store.startRun(id: id, studyID: "s1", taskID: "mood", at: T.at(100))
        try store.finishRun(FinishedRun(result: StoreFixtures.result(runID: id, reason: .timedOut), finishedAt: T.at(160)))
        let runs = try store.exportableRuns()
        #expect(runs.map(\.status) == ["timedOut"])
        let document = try JSONParser.parse(ExportDocument.text(.json, runs: runs))
        let item = try #require(document.arrayValue?.first)
        #expect(item["status"] == "timedOut")
        #expect(item["metadata"]?["finishReason"] == "timedOut")
        let result = try TaskResult(json: try #require(item["taskResult"]))
        #expect(result.finishReason == .timedOut)
        #expect(result == StoreFixtures.result(runID: id, reason: .timedOut))
        #expect(try store.answerRows().count == 3)   // the kept answers export like any run's
    }

    @Test func writesRFC4180CSVQuotingCommasQuotesAndLineBreaks() {
        let row = AnswerRow(studyID: "s1", participantID: nil, taskID: "mood", runID: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!,
                            stepPath: "feeling", value: "good, \"very\"\nreally", stepStartedAt: nil, stepEndedAt: nil,
                            runStartedAt: T.at(0), runFinishedAt: nil)
        let stamp = ResultDate.string(from: T.at(0))
        #expect(row.csvLine == "s1,,mood,00000000-0000-0000-0000-000000000001,feeling,\"good, \"\"very\"\"\nreally\",,,\(stamp),")
        #expect(AnswerRow.csv([row]).hasPrefix(AnswerRow.csvHeader + "\r\n"))
        #expect(AnswerRow.text(of: [1, 2]) == "[1,2]" && AnswerRow.text(of: .null) == "" && AnswerRow.text(of: 2.5) == "2.5")
    }

    @Test func exportsEveryStoredResultWithItsRunOneStudyOrAll() throws {
        let store = try StudyStore.inMemory()
        for (study, offset) in [("s1", 0.0), ("s2", 10.0), ("s1", 20.0)] {
            let id = UUID()
            try store.startRun(id: id, studyID: study, taskID: "t", at: T.at(offset))
            try store.finishRun(FinishedRun(result: StoreFixtures.result(runID: id), finishedAt: T.at(offset + 5)))
        }
        let all = try store.storedResults()
        #expect(all.map(\.run.studyID) == ["s1", "s2", "s1"])
        #expect(all.allSatisfy { $0.run.id == $0.result.runID })
        #expect(try store.storedResults(studyID: "s1").map(\.run.finishedAt) == [T.at(5), T.at(25)])
        #expect(try store.answerRows(studyID: "s2").count == 3)
    }

    @Test func listsQuestionnaireResponsesAndObservationsForTheFHIRExport() throws {
        let store = try StudyStore.inMemory()
        let survey = UUID(), tapping = UUID(), plain = UUID()
        let response: JSONValue = ["resourceType": "QuestionnaireResponse", "id": "qr1"]
        let observations: [JSONValue] = [["resourceType": "Observation", "id": "o1"], ["resourceType": "Observation", "id": "o2"]]
        try store.startRun(id: survey, studyID: "s1", taskID: "survey", at: T.at(0))
        try store.finishRun(FinishedRun(result: StoreFixtures.result(runID: survey), questionnaireResponse: response, finishedAt: T.at(1)))
        try store.startRun(id: tapping, studyID: "s1", taskID: "tapping", at: T.at(2))
        try store.finishRun(FinishedRun(result: StoreFixtures.result(runID: tapping), observations: observations, finishedAt: T.at(3)))
        try store.startRun(id: plain, studyID: "s1", taskID: "intro", at: T.at(4))
        try store.finishRun(FinishedRun(result: StoreFixtures.result(runID: plain), finishedAt: T.at(5)))
        #expect(try store.fhirResources() == [response] + observations)
        #expect(try store.result(runID: plain)?.observations == nil)
    }
}
