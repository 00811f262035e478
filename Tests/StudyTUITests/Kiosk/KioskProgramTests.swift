import Foundation
import StudyCore
import StudyTUI
import Testing
import TUIKit

/// The station program end to end on a headless terminal with a manual clock: each way a session
/// ends stores its end once, wipes the terminal, and no later frame holds what the participant typed.
@Suite struct KioskProgramTests {
    static let canary = "CANARYQZ"

    /// A station with one task, one language (or several) and the shortest WCAG timeouts.
    func station(languages: [String] = ["en"], policy: PartialAnswerPolicy = .keep,
                 endOfSession: EndOfSession = .welcome) -> KioskStation {
        KioskStation(name: "Lobby station", plan: [KioskPlanItem(task: "note")], languages: languages,
                     timeouts: KioskTimeouts(screenSeconds: 60, warningSeconds: 20, maxExtensions: 10, thankYouSeconds: 5),
                     partialAnswers: policy, endOfSession: endOfSession)
    }

    /// Runs the station over `script`; returns the terminal, the fakes and the program as the loop left it.
    func run(_ script: [HeadlessTerminal.Input], station: KioskStation) -> (HeadlessTerminal, KioskFakeServices, KioskProgram, LoopExit) {
        let clock = ManualClock()
        let fakes = KioskFakeServices(clock: clock)
        let terminal = HeadlessTerminal(width: 80, height: 24, script: script, clock: clock)
        var loop = EventLoop(program: KioskProgram(station: station, services: fakes.services, size: terminal.size, clock: clock.monotonic),
                             terminal: terminal, clock: clock.monotonic)
        let exit = loop.run()
        return (terminal, fakes, loop.program, exit)
    }

    /// The frames from the first wipe on hold no text of the session before it.
    func expectNothingAfterWipe(_ terminal: HeadlessTerminal) {
        let texts = terminal.frames.map { $0.canvas.plainText() }
        #expect(texts.contains { $0.contains(Self.canary) }, "the canary was on screen during the session")
        guard let wipe = terminal.wipes.first else { Issue.record("no wipe"); return }
        for (i, text) in texts.enumerated().dropFirst(wipe) {
            #expect(!text.contains(Self.canary), "frame \(i) after the wipe holds the canary")
            #expect(!text.contains("Almost done"), "frame \(i) after the wipe holds the task")
        }
    }

    @Test func welcomeNamesTheStationAndWaitsForEnterWhateverElseIsPressed() {
        let (terminal, fakes, program, _) = run([.key(.escape), .key(.pageUp), .key(.up), .key(.backspace), .wait(.seconds(3600))],
                                                station: station())
        #expect(program.screen.name == "welcome")
        #expect(terminal.lastFrame?.canvas.plainText().contains("Lobby station") == true)
        #expect(terminal.lastFrame?.canvas.plainText().contains("Press Enter to begin") == true)
        #expect(fakes.begun.isEmpty)
    }

    @Test func aCompletedSessionIsStoredThenThankYouThenWelcomeOnAWipedScreen() {
        let script: [HeadlessTerminal.Input] = [.key(.enter)] + HeadlessTerminal.Input.typing(Self.canary)
            + [.key(.enter), .realTimeUntil(.shows("Almost done"), bound: .seconds(10)), .key(.enter),
               .realTimeUntil(.shows("Thank you!"), bound: .seconds(10)), .wait(.seconds(6))]
        let (terminal, fakes, program, _) = run(script, station: station())
        #expect(fakes.events == ["begin", "finish", "end"])
        #expect(fakes.ended.map(\.reason) == [.completed])
        #expect(fakes.ended.first?.tasksCompleted == 1)
        #expect(fakes.finishes.first?.result.answersOnPath.contains { $0.value == .string(Self.canary) } == true)
        let texts = terminal.frames.map { $0.canvas.plainText() }
        #expect(texts.contains { $0.contains("Your withdrawal code: K7QM-3XWA-52") })
        #expect(terminal.wipes.count == 2, "wiped at the end and again before welcome")
        expectNothingAfterWipe(terminal)
        #expect(program.screen.name == "welcome")
        #expect(program.session == nil)
        #expect(texts.last?.contains("Press Enter to begin") == true)
    }

    @Test func anIdleTaskWarnsWithACountdownThenEndsTimedOutKeepingItsAnswers() {
        let script: [HeadlessTerminal.Input] = [.key(.enter)] + HeadlessTerminal.Input.typing(Self.canary)
            + [.wait(.seconds(45)), .wait(.seconds(16))]
        let (terminal, fakes, program, _) = run(script, station: station(policy: .keep))
        let texts = terminal.frames.map { $0.canvas.plainText() }
        #expect(texts.contains { $0.contains("This session ends in 15 s") })
        #expect(texts.contains { $0.contains("This session ends in 1 s") })
        #expect(fakes.ended.map(\.reason) == [.timedOut])
        #expect(fakes.finishes.first?.finishReason == .timedOut)
        #expect(fakes.finishes.first?.result.answersOnPath.contains { $0.value == .string(Self.canary) } == true)
        #expect(fakes.events == ["begin", "finish", "end"], "the task's end is stored before the session's")
        expectNothingAfterWipe(terminal)
        #expect(program.screen.name == "welcome")
        #expect(texts.last?.contains("Press Enter to begin") == true)
    }

    @Test func aTimeOutWithTheDiscardPolicyKeepsNoAnswer() {
        let script: [HeadlessTerminal.Input] = [.key(.enter)] + HeadlessTerminal.Input.typing(Self.canary) + [.wait(.seconds(61))]
        let (terminal, fakes, _, _) = run(script, station: station(policy: .discard))
        #expect(fakes.ended.map(\.reason) == [.timedOut])
        #expect(fakes.finishes.first?.result.answersOnPath.isEmpty == true)
        expectNothingAfterWipe(terminal)
    }

    @Test func aKeyDuringTheWarningExtendsTheScreen() {
        let script: [HeadlessTerminal.Input] = [.key(.enter)] + HeadlessTerminal.Input.typing(Self.canary)
            + [.wait(.seconds(50)), .key(.right), .wait(.seconds(50))]
        let (_, fakes, program, _) = run(script, station: station())
        #expect(fakes.ended.isEmpty, "the key at 50 s started the minute again")
        #expect(program.screen.name == "task")
    }

    @Test func aSignalEndsTheSessionInterruptedAndWipesTheScreen() {
        let script: [HeadlessTerminal.Input] = [.key(.enter)] + HeadlessTerminal.Input.typing(Self.canary)
            + [.event(.signal(.terminate))]
        let (terminal, fakes, program, exit) = run(script, station: station())
        #expect(exit == .signal(.terminate))
        #expect(program.outcome == .signalled(.terminate))
        #expect(fakes.ended.map(\.reason) == [.interrupted])
        #expect(fakes.finishes.isEmpty, "the open run is ended by the store's policy, not saved for later")
        expectNothingAfterWipe(terminal)
    }

    @Test func ctrlCAndTheOtherControlKeysNeitherLeaveTheTaskNorOfferToSaveIt() {
        let script: [HeadlessTerminal.Input] = [.key(.enter)] + HeadlessTerminal.Input.typing(Self.canary)
            + [.key(.ctrl("c")), .key(.ctrl("z")), .key(.ctrl("\\")), .key(.character("q"))]
        let (terminal, fakes, program, exit) = run(script, station: station())
        #expect(exit == .inputEnded)
        #expect(program.screen.name == "task")
        if case .task(let visit) = program.screen { #expect(visit.screen.overlay == nil) }
        #expect(fakes.ended.isEmpty && fakes.finishes.isEmpty)
        #expect(terminal.lastFrame?.canvas.plainText().contains("Save and exit") == false)
    }

    @Test func theLanguageChooserNamesEachLanguageInItselfAndResetsAfterTheSession() {
        let script: [HeadlessTerminal.Input] = [.key(.enter), .key(.down), .key(.enter), .wait(.seconds(61))]
        let (terminal, fakes, program, _) = run(script, station: station(languages: ["en", "de", "fr"]))
        let texts = terminal.frames.map { $0.canvas.plainText() }
        #expect(texts.contains { $0.contains("Deutsch") && $0.contains("Français") && $0.contains("English") })
        #expect(fakes.begun.map(\.language) == ["de"])
        #expect(fakes.ended.map(\.reason) == [.timedOut])
        #expect(program.language == "en")
    }

    @Test func anIdleLanguageChooserEndsTheSessionWithoutStoringIt() {
        let (terminal, fakes, program, _) = run([.key(.enter), .wait(.seconds(61))], station: station(languages: ["en", "de"]))
        #expect(fakes.begun.isEmpty && fakes.ended.isEmpty)
        #expect(program.endings == [.timedOut])
        #expect(program.screen.name == "welcome")
        #expect(terminal.wipes.count == 1)
    }

    @Test func theInputEndingEndsTheOpenSessionInterrupted() {
        var (_, fakes, program, exit) = run([.key(.enter)] + HeadlessTerminal.Input.typing(Self.canary), station: station())
        #expect(exit == .inputEnded)
        program.inputEnded()
        #expect(fakes.ended.map(\.reason) == [.interrupted])
    }

    @Test func endOfSessionExitQuitsAfterTheThankYou() {
        let script: [HeadlessTerminal.Input] = [.key(.enter), .key(.enter), .realTimeUntil(.shows("Almost done"), bound: .seconds(10)),
                                                .key(.enter), .wait(.seconds(6)), .key(.enter)]
        let (_, fakes, program, exit) = run(script, station: station(endOfSession: .exit))
        #expect(exit == .quit)
        #expect(program.outcome == .exited)
        #expect(fakes.ended.map(\.reason) == [.completed])
        #expect(fakes.begun.count == 1, "the Enter after the exit began nothing")
    }

    @Test(arguments: ["note/end", "end"])
    func aStepWithItsOwnTimeoutGetsItWhenItShows(key: String) {
        var station = station()
        station.timeouts.steps = [key: 120]
        let script: [HeadlessTerminal.Input] = [.key(.enter), .key(.enter), .wait(.seconds(70))]
        let (_, early, program, _) = run(script, station: station)
        #expect(early.ended.isEmpty, "the step's 120 s, not the screen's 60 s")
        #expect(program.idleCountdown == nil)
        let (_, late, _, _) = run(script + [.wait(.seconds(51))], station: station)
        #expect(late.ended.map(\.reason) == [.timedOut])
    }
}
