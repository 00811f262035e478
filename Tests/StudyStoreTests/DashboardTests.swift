import Foundation
import StudyCore
import Testing
@testable import StudyStore

@Suite struct DashboardTests {
    @Test func countsRunsPerTaskWithTheLatestStatusAndWhatIsPending() throws {
        let store = try StoreFixtures.enrolledStore()
        let mood1 = UUID(), mood2 = UUID(), mood3 = UUID(), sleep1 = UUID(), other = UUID()
        try store.startRun(id: mood1, studyID: "s1", taskID: "mood", at: T.at(0))
        try store.finishRun(FinishedRun(result: StoreFixtures.result(runID: mood1), finishedAt: T.at(10)))
        try store.startRun(id: mood2, studyID: "s1", taskID: "mood", at: T.at(20))
        try store.finishRun(FinishedRun(result: StoreFixtures.result(runID: mood2), finishedAt: T.at(30)))
        try store.startRun(id: mood3, studyID: "s1", taskID: "mood", at: T.at(40))
        try store.saveSnapshot(runID: mood3, data: ["step": "score"], stepPath: "score", at: T.at(45))
        try store.startRun(id: sleep1, studyID: "s1", taskID: "sleep", at: T.at(50))
        try store.discardRun(runID: sleep1, at: T.at(55))
        try store.startRun(id: other, studyID: "s2", taskID: "mood", at: T.at(60))
        try store.addNotification(NotificationRecord(kind: .message, title: "t", body: "b", createdAt: T.at(1)))

        let dashboard = try store.dashboard(studyID: "s1")

        #expect(dashboard.tasks == [
            TaskSummary(taskID: "mood", runCount: 3, completedCount: 2, latestStatus: .inProgress, latestActivity: T.at(45),
                        lastCompletedAt: T.at(30)),
            TaskSummary(taskID: "sleep", runCount: 1, completedCount: 0, latestStatus: .discarded, latestActivity: T.at(55),
                        lastCompletedAt: nil),
        ])
        #expect(dashboard.openRuns.map(\.run.id) == [mood3])
        #expect(dashboard.openRuns.first?.snapshot?.stepPath == "score")
        #expect(dashboard.pendingOutboxCount == 2)
        #expect(dashboard.unreadNotificationCount == 1)
    }

    @Test func anEmptyStudyHasAnEmptyDashboard() throws {
        let dashboard = try StudyStore.inMemory().dashboard(studyID: "s1")
        #expect(dashboard == Dashboard(tasks: [], openRuns: [], pendingOutboxCount: 0, unreadNotificationCount: 0))
    }
}
