import Foundation
import StudyCore
import StudyTUI
import Testing
import TUIKit

/// The admin menu's entries on a headless terminal with fake services: the status screen, sync
/// now, ending the session in progress, pause and resume, the test session and the export. Each
/// transition, and the audit record each action leaves.
@Suite struct KioskAdminMenuTests {
    /// A one-task station with the shortest WCAG timeouts.
    func station(endOfSession: EndOfSession = .welcome) -> KioskStation {
        KioskStation(name: "Lobby station", plan: [KioskPlanItem(task: "note")],
                     timeouts: KioskTimeouts(screenSeconds: 60, warningSeconds: 20, maxExtensions: 10, thankYouSeconds: 5),
                     endOfSession: endOfSession)
    }

    /// Runs the station over `script` with `fakes` made on the loop's clock.
    func run(_ script: [HeadlessTerminal.Input], paused: Bool = false, endOfSession: EndOfSession = .welcome,
             fakes make: (ManualClock) -> KioskAdminFakes = { KioskAdminFakes(clock: $0) })
        -> (HeadlessTerminal, KioskAdminFakes, KioskProgram, LoopExit) {
        let clock = ManualClock()
        let fakes = make(clock)
        let terminal = HeadlessTerminal(width: 80, height: 24, script: script, clock: clock)
        let program = KioskProgram(station: station(endOfSession: endOfSession), services: fakes.services, size: terminal.size,
                                   clock: clock.monotonic, paused: paused)
        var loop = EventLoop(program: program, terminal: terminal, clock: clock.monotonic)
        let exit = loop.run()
        return (terminal, fakes, loop.program, exit)
    }

    /// The chord and the right PIN: the menu shows.
    static let toMenu = KioskAdminTests.chord + KioskAdminTests.submit(KioskFakeServices.pin, expecting: "Station admin")

    /// Moves down `steps` entries and chooses.
    static func choose(_ steps: Int) -> [HeadlessTerminal.Input] { Array(repeating: .key(.down), count: steps) + [.key(.enter)] }

    /// The last frame's text.
    func last(_ terminal: HeadlessTerminal) -> String { terminal.lastFrame?.canvas.plainText() ?? "" }

    @Test func onWelcomeTheMenuOffersEveryStationActionAndNoSessionEntry() {
        let (terminal, _, program, _) = run(Self.toMenu)
        #expect(program.adminEntries == [.status, .syncNow, .pause, .testSession, .export, .endStation, .backToWelcome])
        for entry in program.adminEntries { #expect(last(terminal).contains(entry.title)) }
        #expect(!last(terminal).contains("End the current session"))
    }

    @Test func theStatusScreenShowsEverythingTheStatusHoldsAndEscGoesBackToTheMenu() {
        let shown = run(Self.toMenu + [.key(.enter), .realTimeUntil(.shows("Free disk"), bound: .seconds(10))])
        let text = last(shown.0)
        for expected in ["Station: lobby-1", "Results waiting: 3 (oldest 2 h 0 min old)", "Last sync: failed 1 min ago: server unreachable",
                         "Free disk: 12.3 GB", "Clock synchronized: yes", "App version: 9.8.7", "Study definition: abcdef0123456789",
                         "completed 4", "timed-out 1", "ended-by-staff 2", "interrupted 0", "PIN lockout: 2 wrong PIN(s)"] {
            #expect(text.contains(expected), "the status screen lacks \(expected)")
        }
        #expect(shown.2.screen.name == "admin-status")
        #expect(shown.1.audited == [.statusViewed])
        let back = run(Self.toMenu + [.key(.enter), .realTimeUntil(.shows("Free disk"), bound: .seconds(10)), .key(.escape)])
        #expect(back.2.screen.name == "admin-menu")
    }

    @Test func aStationWithoutStatusSaysSo() {
        let (terminal, _, _, _) = run(Self.toMenu + [.key(.enter), .realTimeUntil(.shows("keeps no status"), bound: .seconds(10))],
                                      fakes: { KioskAdminFakes(clock: $0, status: nil) })
        #expect(last(terminal).contains("This station keeps no status."))
    }

    @Test func syncNowShowsTheRoundsReportAndTheDefaultSaysThereIsNoServer() {
        let report = KioskSyncReport(sent: 5, pending: 2, error: "the server refused 2 results")
        let sent = run(Self.toMenu + Self.choose(1) + [.realTimeUntil(.shows("Still waiting"), bound: .seconds(10))],
                       fakes: { KioskAdminFakes(clock: $0, sync: report) })
        #expect(last(sent.0).contains("Sent: 5"))
        #expect(last(sent.0).contains("Still waiting: 2"))
        #expect(last(sent.0).contains("Not sent: the server refused 2 results"))
        #expect(sent.1.audited == [.syncRequested(sent: 5, pending: 2, failed: true)])
        let none = run(Self.toMenu + Self.choose(1) + [.realTimeUntil(.shows("Still waiting"), bound: .seconds(10))])
        #expect(last(none.0).contains("Not sent: this station sends to no study server"))
    }

    @Test func theChordDuringATaskOpensThePromptWithoutReachingTheTaskAndEscGoesBackToIt() {
        let script: [HeadlessTerminal.Input] = [.key(.enter)] + HeadlessTerminal.Input.typing("ab") + KioskAdminTests.chord
            + HeadlessTerminal.Input.typing("cd") + [.key(.escape)] + HeadlessTerminal.Input.typing("ef")
        let (terminal, fakes, program, _) = run(script)
        #expect(terminal.frames.contains { $0.canvas.plainText().contains("Staff PIN") })
        #expect(program.screen.name == "task")
        #expect(program.session != nil)
        #expect(last(terminal).contains("abef"), "the typed text holds no chord key and no PIN digit")
        #expect(!terminal.frames.contains { $0.canvas.plainText().contains("Ctrl-A") || $0.canvas.plainText().contains("Ctrl-K") })
        #expect(fakes.base.ended.isEmpty)
    }

    @Test func endTheCurrentSessionEndsItByStaffWipesAndWelcomeDrawsWithNothingOfIt() {
        let script: [HeadlessTerminal.Input] = [.key(.enter)] + HeadlessTerminal.Input.typing(KioskProgramTests.canary)
            + Self.toMenu + [.realTimeUntil(.shows("End the current session"), bound: .seconds(5))] + Self.choose(2)
        let (terminal, fakes, program, exit) = run(script)
        #expect(fakes.base.ended.map(\.reason) == [.endedByStaff])
        #expect(fakes.audited == [.sessionEndedByStaff])
        #expect(program.screen.name == "welcome")
        #expect(program.session == nil)
        #expect(exit != .quit)
        #expect(last(terminal).contains("Press Enter to begin"))
        let wipe = terminal.wipes.last ?? Int.max
        for text in terminal.frames.dropFirst(wipe).map({ $0.canvas.plainText() }) { #expect(!text.contains(KioskProgramTests.canary)) }
    }

    @Test func theMenuOverASessionOffersOnlyTheSessionsEntriesAndBackReturnsToIt() {
        let (_, fakes, program, _) = run([.key(.enter)] + Self.toMenu + Self.choose(3))
        #expect(program.screen.name == "task")
        #expect(program.idle != nil, "the session's idle timeout runs again")
        #expect(fakes.base.ended.isEmpty)
        let menu = run([.key(.enter)] + Self.toMenu)
        #expect(menu.2.adminEntries == [.status, .syncNow, .endCurrentSession, .backToSession])
    }

    @Test func pauseReplacesWelcomeAndNoParticipantKeyLeavesIt() {
        let keys: [HeadlessTerminal.Input] = [.key(.enter), .key(.escape), .key(.ctrl("c")), .key(.character("x")), .key(.ctrl("k")),
                                              .wait(.seconds(3600)), .key(.enter)]
        let (terminal, fakes, program, _) = run(Self.toMenu + Self.choose(2) + keys)
        #expect(program.paused)
        #expect(program.screen.name == "welcome")
        #expect(last(terminal).contains("This station is paused"))
        #expect(!last(terminal).contains("Press Enter"))
        #expect(fakes.base.begun.isEmpty)
        #expect(fakes.storedPauses == [true])
    }

    @Test func onlyTheChordAndPINResumeAPausedStation() {
        let (terminal, fakes, program, _) = run(Self.toMenu + [.realTimeUntil(.shows("Resume the station"), bound: .seconds(5))] + Self.choose(2),
                                                paused: true)
        #expect(!program.paused)
        #expect(last(terminal).contains("Press Enter to begin"))
        #expect(fakes.storedPauses == [false])
    }

    @Test func aPauseThatCannotBeStoredLeavesTheStationOpen() {
        let (_, _, program, _) = run(Self.toMenu + Self.choose(2), fakes: { KioskAdminFakes(clock: $0, pauseStores: false) })
        #expect(!program.paused)
        #expect(program.screen.name == "admin-menu")
    }

    @Test func aTestSessionRunsTheSameScreensMarkedTestStoresNothingAndEndsOnWelcome() {
        let script: [HeadlessTerminal.Input] = Self.toMenu + Self.choose(3)
            + HeadlessTerminal.Input.typing("hello") + [.key(.enter), .realTimeUntil(.shows("Almost done"), bound: .seconds(10)), .key(.enter),
                                                         .realTimeUntil(.shows("Thank you!"), bound: .seconds(10)), .wait(.seconds(6))]
        let (terminal, fakes, program, exit) = run(script, endOfSession: .exit)
        #expect(fakes.testTasksStarted == 1)
        #expect(fakes.base.begun.isEmpty && fakes.base.ended.isEmpty && fakes.base.finishes.isEmpty, "nothing stored")
        #expect(fakes.audited == [.testSessionStarted, .testSessionEnded])
        let sessionFrames = terminal.frames.map { $0.canvas.plainText() }.filter { $0.contains("hello") || $0.contains("Thank you!") }
        #expect(!sessionFrames.isEmpty)
        for text in sessionFrames { #expect(text.contains("TEST (not stored)")) }
        #expect(terminal.frames.contains { $0.canvas.plainText().contains("Test session: nothing was stored.") })
        #expect(!program.testing)
        #expect(program.screen.name == "welcome")
        #expect(exit != .quit, "a test session never exits the station, whatever endOfSession says")
        #expect(!last(terminal).contains("TEST"))
    }

    @Test func aTestSessionEndedByStaffStoresNothingAndTheNextSessionIsStoredAgain() {
        let script: [HeadlessTerminal.Input] = Self.toMenu + Self.choose(3) + HeadlessTerminal.Input.typing("hello") + Self.toMenu
            + [.realTimeUntil(.shows("End the current session"), bound: .seconds(5))] + Self.choose(2) + [.key(.enter)]
        let (terminal, fakes, program, _) = run(script)
        #expect(fakes.audited == [.testSessionStarted, .sessionEndedByStaff, .testSessionEnded])
        #expect(fakes.base.ended.isEmpty, "the test session's end is not stored")
        #expect(fakes.base.begun.count == 1, "the session after it is a participant's, stored")
        #expect(!program.testing)
        #expect(program.screen.name == "task")
        #expect(!last(terminal).contains("TEST"))
    }

    @Test func theExportShowsWhereAndHowManyResults() {
        let (terminal, _, program, _) = run(Self.toMenu + Self.choose(4) + [.realTimeUntil(.shows("Files:"), bound: .seconds(10))])
        #expect(program.screen.name == "admin-export")
        #expect(last(terminal).contains("Exported 17 result(s) to"))
        #expect(last(terminal).contains("/data/exports/station-lobby-1"))
    }

    @Test func endTheStationIsAudited() {
        let (_, fakes, program, exit) = run(Self.toMenu + Self.choose(5))
        #expect(exit == .quit)
        #expect(program.outcome == .endedByStaff)
        #expect(fakes.audited == [.stationEnded])
    }

    @Test func thirtySecondsIdleOnAPanelGoBackToWelcome() {
        let (_, _, program, _) = run(Self.toMenu + [.key(.enter), .realTimeUntil(.shows("Free disk"), bound: .seconds(10)), .wait(.seconds(31))])
        #expect(program.screen.name == "welcome")
    }
}
