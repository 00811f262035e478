import Foundation
import StudyCore
import Testing
import TUIKit
@testable import StudyTUI

/// A parent (the kiosk, later) stops the task showing in the journey for inactivity: the run's end
/// is recorded as timed out, and the dashboard says so.
@Suite struct TaskTimeOutInJourneyTests {
    @Test func aTaskStoppedForInactivityIsRecordedTimedOut() throws {
        for keep in [true, false] {
            let store = try JourneyFixture.enrolledStore()
            var (program, _) = JourneyFixture.run(store, script: JourneyFixture.keys(.enter))
            #expect(program.route == .task)
            program.settle(.task(.inactivityTimedOut(keepPartial: keep)))
            #expect(store.calls.contains("finish timedOut"))
            #expect(program.route == .dashboard)
            #expect(program.notice?.text == "Daily check-in stopped after a time without input.")
        }
    }
}
