import Foundation
import Testing
import StudyCore
import StudyExport

/// The CSV export gets one row per summary value of a timed step (issue 25), with the step's times.
@Suite struct MeasurementExportTests {
    @Test func eachSummaryValueIsOneRowUnderItsStep() {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let measured = MeasurementResult(identifier: "react", startDate: start, endDate: start + 40, measurementType: "reactionTime",
                                         summary: [.init(identifier: "meanRTMs", value: 301.25, unit: "ms"),
                                                   .init(identifier: "timeouts", value: 0, unit: "{count}")],
                                         trials: [["index": 1]])
        let root = BranchResult(identifier: "rt", startDate: start, endDate: start + 41, stepHistory: [.measurement(measured)],
                                path: [PathMarker(identifier: StepID("react"), direction: .forward)])
        let run = ExportableRun(studyID: "s", taskID: "rt", runID: UUID(), status: "completed", startedAt: start,
                                finishedAt: start + 41, metadata: ["participantId": "p1"],
                                taskResult: TaskResult(root: root, taskRunUUID: UUID(), finishReason: .completed))
        let rows = AnswerRow.rows(of: run)
        #expect(rows.map(\.stepPath) == ["react/meanRTMs", "react/timeouts"])
        #expect(rows.map(\.value) == [301.25, 0])
        #expect(rows.allSatisfy { $0.stepStartedAt == start && $0.stepEndedAt == start + 40 && $0.participantID == "p1" })
    }
}
