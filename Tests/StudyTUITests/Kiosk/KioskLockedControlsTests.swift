import Foundation
import StudyCore
import StudyTUI
import Testing
import TUIKit

/// "Controls that are locked are hidden, not greyed" (issue 27): at a station the task's cancel
/// menu is locked, so neither its help line nor its help box names Ctrl-C.
@Suite struct KioskLockedControlsTests {
    /// The frames of a station of one task after `script`.
    func frames(_ script: [HeadlessTerminal.Input]) -> [String] {
        let clock = ManualClock()
        let fakes = KioskFakeServices(clock: clock)
        let station = KioskStation(name: "Lobby station", plan: [KioskPlanItem(task: "note")], languages: ["en"],
                                   timeouts: KioskTimeouts(screenSeconds: 60, warningSeconds: 20, maxExtensions: 10, thankYouSeconds: 5),
                                   partialAnswers: .keep, endOfSession: .welcome)
        let terminal = HeadlessTerminal(width: 80, height: 24, script: script, clock: clock)
        var loop = EventLoop(program: KioskProgram(station: station, services: fakes.services, size: terminal.size, clock: clock.monotonic),
                             terminal: terminal, clock: clock.monotonic)
        _ = loop.run()
        return terminal.frames.map { $0.canvas.plainText() }
    }

    @Test func aStationTaskNamesNoCancelKeyInItsHelpLineOrHelpBox() {
        let texts = frames([.key(.enter), .key(.function(1)), .key(.character("x")), .key(.ctrl("c"))])
        #expect(texts.contains { $0.contains("F1 help") }, "the task's help line was drawn")
        #expect(texts.contains { $0.contains("Press any key to close") }, "the help box was drawn")
        #expect(!texts.contains { $0.contains("Ctrl-C") || $0.contains("cancel") })
        #expect(!texts.contains { $0.contains("Leave this task?") })
    }

    @Test func aTaskScreenOutsideAStationStillOffersCancel() {
        let map = TaskKeys.map(focus: .text, enterTitle: "next", canGoBack: false, typing: true, inGroup: false)
        let locked = TaskKeys.map(focus: .text, enterTitle: "next", canGoBack: false, typing: true, inGroup: false, canCancel: false)
        #expect(map.helpLine(width: 200).contains("cancel"))
        #expect(!locked.helpLine(width: 200).contains("cancel"))
        #expect(locked.action(for: .ctrl("c")) == nil)
    }
}
