import Foundation
import StudyCore
import Testing
import TUIKit
@testable import StudyTUI

/// A task is a child of the journey in one loop: launched from the dashboard, its screen shows,
/// takes the keys, and when it ends its end is recorded and the dashboard shows again.
@Suite struct TaskInJourneyTests {
    @Test func aDiscardedTaskIsRecordedAndTheDashboardSaysSo() throws {
        let store = try JourneyFixture.enrolledStore()
        let (program, terminal) = JourneyFixture.run(store, script: JourneyFixture.keys(.enter, .ctrl("c"), .character("3")))
        #expect(program.route == .dashboard)
        #expect(program.outcome == nil)
        #expect(store.calls.contains("finish discarded"))
        #expect(program.notice?.text == "Daily check-in was discarded; nothing was kept.")
        // The dashboard is read again after the task.
        #expect(store.calls.suffix(from: store.calls.firstIndex(of: "finish discarded")!).contains("loadFacts"))
        #expect(JourneyFixture.screen(terminal).contains("Daily check-in was discarded"))
    }

    @Test func aSavedTaskIsRecordedAsSaved() throws {
        let store = try JourneyFixture.enrolledStore()
        let (program, _) = JourneyFixture.run(store, script: JourneyFixture.keys(.enter, .ctrl("c"), .character("2")))
        #expect(program.route == .dashboard)
        #expect(store.calls.contains("finish saved"))
        #expect(program.notice?.text == "Daily check-in is saved; resume it from the dashboard.")
    }

    @Test func aSignalDuringATaskSavesItsAnswersAndRecordsItsEndBeforeTheLoopEnds() throws {
        let store = try JourneyFixture.enrolledStore()
        let (program, _) = JourneyFixture.run(store, script: JourneyFixture.keys(.enter) + [.event(.signal(.terminate))])
        #expect(program.outcome == .signalled(.terminate))
        #expect(store.calls.contains("autosave"))
        #expect(store.calls.last == "finish saved")
    }

    @Test func theTerminalGoingAwayDuringATaskSavesIt() throws {
        let store = try JourneyFixture.enrolledStore()
        var (program, _) = JourneyFixture.run(store, script: JourneyFixture.keys(.enter))
        #expect(program.route == .task)
        program.inputEnded()
        #expect(store.calls.last == "finish saved")
        #expect(program.route == .dashboard)
    }

    @Test func aTaskThatCannotStartStaysOnTheDashboardWithTheReason() throws {
        let store = try JourneyFixture.enrolledStore()
        store.taskFailure = "its file is gone"
        let (program, _) = JourneyFixture.run(store, script: JourneyFixture.keys(.enter))
        #expect(program.route == .dashboard)
        #expect(program.notice?.text == "Daily check-in cannot be loaded: its file is gone")
    }
}
