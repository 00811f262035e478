import Foundation
import Testing
@testable import StudyTermKit
import StudyTUI
import TUIKit

/// Time is data (issue 25): the live task environment's timers and the event loop's key and frame
/// times are read from one monotonic clock with one origin, so a step can subtract them.
@Suite struct OneClockTests {
    @Test func theLiveEnvironmentReadsTheLoopsClock() {
        let loopReading = MonotonicClock.process.now()
        Thread.sleep(forTimeInterval: 0.2)
        let environment = LiveEnvironment.make(speak: false) { _ in nil }
        let stepReading = environment.clock.now()
        // An environment with a clock of its own would start near zero here, 200 ms behind the loop's.
        #expect(stepReading >= loopReading + .milliseconds(200))
        #expect(stepReading - loopReading < .seconds(30), "the same origin, not another process-wide count")
        #expect(abs(environment.uptime() - MonotonicClock.process.seconds()) < 1)
    }

    @Test func aTestEnvironmentCountingInSecondsIsTheSameClockInDurations() {
        let environment = TaskEnvironment(now: { Date() }, uptime: { 12.5 })
        #expect(environment.clock.now() == .milliseconds(12_500))
        #expect(environment.uptime() == 12.5)
    }
}
