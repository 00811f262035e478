import Foundation
import StudyCore
import StudyTUI
import Testing
import TUIKit

/// The station at 64x18 (large font, issue 27): the idle warning's countdown and key hint are whole.
@Suite struct KioskLargeFontTests {
    /// The frames of a station of one task, idle in that task for `idle`, on a `width` x `height` terminal.
    func idleFrames(width: Int, height: Int, idle: Duration) -> [String] {
        let clock = ManualClock()
        let fakes = KioskFakeServices(clock: clock)
        let station = KioskStation(name: "Lobby station", plan: [KioskPlanItem(task: "note")], languages: ["en"],
                                   timeouts: KioskTimeouts(screenSeconds: 60, warningSeconds: 20, maxExtensions: 10, thankYouSeconds: 5),
                                   partialAnswers: .keep, endOfSession: .welcome)
        let terminal = HeadlessTerminal(width: width, height: height, script: [.key(.enter), .wait(idle)], clock: clock)
        var loop = EventLoop(program: KioskProgram(station: station, services: fakes.services, size: terminal.size, clock: clock.monotonic),
                             terminal: terminal, clock: clock.monotonic)
        _ = loop.run()
        return terminal.frames.map { $0.canvas.plainText() }
    }

    @Test func theIdleWarningAt64ColumnsShowsItsCountdownAndKeyHintWhole() {
        let frames = idleFrames(width: 64, height: 18, idle: .seconds(45))
        let warning = frames.last { $0.contains("Are you still there?") }
        #expect(warning?.contains("This session ends in 15 s.") == true)
        #expect(warning?.contains("Press any key to continue.") == true)
    }

    @Test func theIdleWarningAt80ColumnsStaysOnOneRow() {
        let frames = idleFrames(width: 80, height: 24, idle: .seconds(45))
        let warning = frames.last { $0.contains("Are you still there?") }
        #expect(warning?.contains("Are you still there? This session ends in 15 s. Press any key to continue.") == true)
    }
}
