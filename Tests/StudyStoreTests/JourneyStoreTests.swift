import Foundation
import StudyCore
import StudyExport
import Testing
@testable import StudyStore

/// The store queries the journey adds: recent completions, the whole inbox, and the export documents.
@Suite struct JourneyStoreTests {
    /// A finished run of `task` at `seconds`, in `window`.
    static func finish(_ store: StudyStore, _ task: String, at seconds: TimeInterval, window: ScheduleWindow? = nil,
                       response: JSONValue? = nil, observations: [JSONValue] = []) throws -> UUID {
        let id = UUID()
        try store.startRun(id: id, studyID: "s1", taskID: task, window: window, at: T.at(seconds))
        try store.finishRun(FinishedRun(result: StoreFixtures.result(runID: id, taskID: task), questionnaireResponse: response,
                                        observations: observations, finishedAt: T.at(seconds + 60)))
        return id
    }

    @Test func completedRunsSinceADateComeWithTheirWindows() throws {
        let store = try StoreFixtures.enrolledStore()
        let window = ScheduleWindow(start: T.at(1000), end: T.at(5000))
        _ = try Self.finish(store, "old", at: 0)
        let recent = try Self.finish(store, "daily", at: 2000, window: window)
        let open = UUID()
        try store.startRun(id: open, studyID: "s1", taskID: "daily", at: T.at(3000))
        let runs = try store.completedRuns(studyID: "s1", since: T.at(1000))
        #expect(runs.map(\.id) == [recent])
        #expect(runs.first?.window == window)
    }

    @Test func theInboxListsReadAndUnreadNewestFirst() throws {
        let store = try StudyStore.inMemory()
        try store.addNotification(NotificationRecord(id: "a", kind: .message, title: "A", body: "", createdAt: T.at(0)))
        try store.addNotification(NotificationRecord(id: "b", kind: .reminder, title: "B", body: "", createdAt: T.at(10)))
        try store.markNotificationRead(id: "a", at: T.at(20))
        let all = try store.allNotifications()
        #expect(all.map(\.id) == ["b", "a"])
        #expect(all.map { $0.readAt == nil } == [true, false])
    }

    @Test func exportDocumentsHoldEveryResultInEachFormat() throws {
        let store = try StoreFixtures.enrolledStore()
        let survey = try Self.finish(store, "survey", at: 0, response: ["resourceType": "QuestionnaireResponse", "id": "qr"])
        let task = try Self.finish(store, "tapping", at: 100, observations: [["resourceType": "Observation", "id": "o"]])
        let json = try store.exportDocument(.json)
        let parsed = try JSONParser.parse(json.text)
        #expect(json.resultCount == 2)
        #expect(parsed.arrayValue?.compactMap { $0["taskResult"]?["taskRunUUID"]?.stringValue } == [survey.uuidString, task.uuidString])
        #expect(parsed.arrayValue?.first?["metadata"]?["participantId"] == "P-12")
        #expect(parsed.arrayValue?.first?["status"] == "completed")
        let csv = try store.exportDocument(.csv).text.components(separatedBy: "\r\n")
        #expect(csv.first == AnswerRow.csvHeader)
        #expect(csv.count == 1 + 6 + 1)
        let ndjson = try store.exportDocument(.fhir).text
        #expect(ndjson == #"{"id":"qr","resourceType":"QuestionnaireResponse"}"# + "\n" + #"{"id":"o","resourceType":"Observation"}"# + "\n")
        #expect(try store.exportDocument(.csv, studyID: "other").resultCount == 0)
        #expect(ExportFormat.allCases.map(\.fileName) == ["results.json", "answers.csv", "fhir.ndjson"])
    }
}
