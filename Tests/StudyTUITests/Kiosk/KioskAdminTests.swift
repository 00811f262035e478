import Foundation
import StudyCore
import StudyTUI
import Testing
import TUIKit

/// The station's admin path on a headless terminal: the hidden chord on welcome, the PIN prompt
/// with bullets only, the checked PIN (wrong, locked, right), the admin menu and its timeout.
@Suite struct KioskAdminTests {
    /// The hidden chord.
    static let chord: [HeadlessTerminal.Input] = [.key(.ctrl("a")), .key(.ctrl("k"))]

    /// A one-task station with the shortest WCAG timeouts.
    func station() -> KioskStation {
        KioskStation(name: "Lobby station", plan: [KioskPlanItem(task: "note")],
                     timeouts: KioskTimeouts(screenSeconds: 60, warningSeconds: 20, maxExtensions: 10, thankYouSeconds: 5))
    }

    /// Runs the station over `script`.
    func run(_ script: [HeadlessTerminal.Input]) -> (HeadlessTerminal, KioskFakeServices, KioskProgram, LoopExit) {
        let clock = ManualClock()
        let fakes = KioskFakeServices(clock: clock)
        let terminal = HeadlessTerminal(width: 80, height: 24, script: script, clock: clock)
        var loop = EventLoop(program: KioskProgram(station: station(), services: fakes.services, size: terminal.size, clock: clock.monotonic),
                             terminal: terminal, clock: clock.monotonic)
        let exit = loop.run()
        return (terminal, fakes, loop.program, exit)
    }

    /// Types `pin` and Enter, then waits for the check's outcome to show `expected`.
    static func submit(_ pin: String, expecting expected: String) -> [HeadlessTerminal.Input] {
        HeadlessTerminal.Input.typing(pin) + [.key(.enter), .realTimeUntil(.shows(expected), bound: .seconds(10))]
    }

    @Test func theChordOnWelcomeOpensThePINPromptAndNoHelpLineNamesIt() {
        let (terminal, fakes, program, _) = run([.realTimeUntil(.shows("Press Enter"), bound: .seconds(5))] + Self.chord)
        #expect(program.screen.name == "admin-pin")
        let texts = terminal.frames.map { $0.canvas.plainText() }
        #expect(texts.last?.contains("Staff PIN") == true)
        #expect(!texts.contains { $0.contains("Ctrl") }, "no frame names the chord")
        #expect(fakes.begun.isEmpty)
    }

    @Test func theChordsSecondKeyMoreThanTwoSecondsLaterDoesNothing() {
        let (_, _, program, _) = run([.key(.ctrl("a")), .wait(.seconds(3)), .key(.ctrl("k"))])
        #expect(program.screen.name == "welcome")
    }

    @Test func theChordOnAParticipantScreenOpensThePromptWithTheSessionWaiting() {
        let (terminal, fakes, program, _) = run([.key(.enter)] + Self.chord)
        #expect(program.screen.name == "admin-pin")
        #expect(program.session != nil)
        #expect(program.idle == nil, "the session's idle timeout is stopped behind the prompt")
        #expect(terminal.lastFrame?.canvas.plainText().contains("Staff PIN") == true)
        #expect(fakes.ended.isEmpty)
    }

    @Test func thePromptShowsBulletsAndNeverTheDigits() {
        let (terminal, _, program, _) = run(Self.chord + HeadlessTerminal.Input.typing("975313") + [.key(.backspace)])
        let texts = terminal.frames.map { $0.canvas.plainText() }
        #expect(texts.contains { $0.contains("[ •••••• ]") })
        #expect(texts.last?.contains("[ ••••• ]") == true)
        for digit in "975313" { #expect(!texts.contains { $0.contains(digit) }, "a frame shows the digit \(digit)") }
        #expect(program.screen.name == "admin-pin")
    }

    @Test func fiveWrongPINsShowTheLockWithItsWaitThenAPINIsRefusedUnchecked() {
        var script = Self.chord
        for _ in 1...4 { script += Self.submit("111111", expecting: "Wrong PIN.") }
        script += Self.submit("111111", expecting: "Try again in 30 s")
        script += Self.submit(KioskFakeServices.pin, expecting: "Locked after too many wrong PINs")
        let (terminal, fakes, program, _) = run(script)
        #expect(program.screen.name == "admin-pin")
        #expect(terminal.lastFrame?.canvas.plainText().contains("Try again in 30 s") == true)
        #expect(fakes.checkedPINs == 6)
        #expect(!terminal.frames.contains { $0.canvas.plainText().contains("Station admin") })
    }

    @Test func theRightPINOpensTheMenuAndEndTheStationQuits() {
        let toEnd = Array(repeating: HeadlessTerminal.Input.key(.down), count: KioskAdminAction.entries(sessionHeld: false, paused: false)
            .firstIndex(of: .endStation)!)
        let script = Self.chord + Self.submit(KioskFakeServices.pin, expecting: "Station admin") + toEnd + [.key(.enter)]
        let (terminal, _, program, exit) = run(script)
        #expect(exit == .quit)
        #expect(program.outcome == .endedByStaff)
        #expect(terminal.frames.contains { $0.canvas.plainText().contains("End the station") })
    }

    @Test func backToWelcomeFromTheMenuAndEscFromThePrompt() {
        let script = Self.chord + Self.submit(KioskFakeServices.pin, expecting: "Station admin")
            + Array(repeating: .key(.down), count: 6) + [.key(.enter)] + Self.chord + [.key(.escape)]
        let (_, _, program, exit) = run(script)
        #expect(program.screen.name == "welcome")
        #expect(program.outcome == nil)
        #expect(exit != .quit)
    }

    @Test func thirtySecondsIdleOnTheMenuOrThePromptGoBackToWelcome() {
        let menu = run(Self.chord + Self.submit(KioskFakeServices.pin, expecting: "Station admin") + [.wait(.seconds(29))])
        #expect(menu.2.screen.name == "admin-menu", "still there before the time is up")
        let idleMenu = run(Self.chord + Self.submit(KioskFakeServices.pin, expecting: "Station admin") + [.wait(.seconds(31))])
        #expect(idleMenu.2.screen.name == "welcome")
        let idlePrompt = run(Self.chord + HeadlessTerminal.Input.typing("12") + [.wait(.seconds(31))])
        #expect(idlePrompt.2.screen.name == "welcome")
        #expect(idlePrompt.0.lastFrame?.canvas.plainText().contains("Press Enter to begin") == true)
    }
}
