import Foundation
import StudyCore
import StudyTUI
import Testing
import TUIKit

/// The station's line face on scripted input and a manual clock: the same station program as the
/// full screen, so each way a session ends is stored once, followed by the wipe, and nothing the
/// participant typed is written after it; every participant prompt but welcome times out by the
/// station's WCAG timing.
@Suite struct KioskLineStationTests {
    static let canary = "CANARYQZ"

    /// A station with one task (a text question, then "Almost done") and the shortest WCAG timeouts.
    func station(languages: [String] = ["en"], policy: PartialAnswerPolicy = .keep, endOfSession: EndOfSession = .welcome,
                 steps: [String: Int] = [:]) -> KioskStation {
        KioskStation(name: "Lobby station", plan: [KioskPlanItem(task: "note")], languages: languages,
                     timeouts: KioskTimeouts(screenSeconds: 60, warningSeconds: 20, maxExtensions: 10, thankYouSeconds: 5, steps: steps),
                     partialAnswers: policy, endOfSession: endOfSession)
    }

    /// Runs the line face over `script`; returns the input (its transcript), the fakes, the program and the outcome.
    func run(_ script: [ScriptedLineInput.Step], station: KioskStation, paused: Bool = false)
        -> (ScriptedLineInput, KioskFakeServices, KioskProgram, KioskProgram.Outcome) {
        let clock = ManualClock()
        let fakes = KioskFakeServices(clock: clock)
        let input = ScriptedLineInput(script, clock: clock)
        let face = KioskLineStation(station: station, services: fakes.services, clock: clock.monotonic,
                                    read: input.read(until:), output: input.write, wipe: input.wipe,
                                    takeSignal: input.takeSignal, sleep: { clock.advance(by: .seconds($0)) }, paused: paused)
        let outcome = face.run()
        return (input, fakes, face.program, outcome)
    }

    /// The canary was written during the session, and nothing after the first wipe holds it.
    func expectNothingAfterWipe(_ input: ScriptedLineInput) {
        let transcript = input.transcript
        guard let wipe = transcript.range(of: ScriptedLineInput.wipeMark) else { Issue.record("no wipe"); return }
        #expect(!transcript[wipe.upperBound...].contains("Almost done"), "the task was written after the wipe")
        #expect(!transcript[wipe.upperBound...].contains(Self.canary), "the canary was written after the wipe")
    }

    @Test func aCompletedSessionIsStoredThenThankYouThenWelcomeAfterTheWipes() {
        let script: [ScriptedLineInput.Step] = [.line(""), .line(Self.canary), .line(""), .idle(.seconds(6)), .signal(.terminate)]
        let (input, fakes, program, outcome) = run(script, station: station())
        #expect(input.transcript.contains("Press Enter to begin."))
        #expect(input.transcript.contains("Almost done"))
        #expect(fakes.events == ["begin", "finish", "end"])
        #expect(fakes.ended.map(\.reason) == [.completed])
        #expect(fakes.ended.first?.tasksCompleted == 1)
        #expect(fakes.finishes.first?.result.answersOnPath.contains { $0.value == .string(Self.canary) } == true)
        #expect(input.transcript.contains("Your withdrawal code: K7QM-3XWA-52"))
        #expect(input.wipes == 2, "wiped when the session ended and again after the thank-you")
        #expect(input.afterLastWipe.contains("Press Enter to begin."))
        #expect(!input.afterLastWipe.contains("withdrawal code"))
        expectNothingAfterWipe(input)
        #expect(outcome == .signalled(.terminate))
        #expect(program.session == nil)
    }

    @Test func welcomeNeverTimesOut() {
        let (input, fakes, program, _) = run([.idle(.seconds(7200))], station: station())
        #expect(fakes.begun.isEmpty)
        #expect(!input.transcript.contains("No answer yet"))
        #expect(program.endings.isEmpty)
    }

    @Test func anIdleTaskPromptWarnsWithTheSecondsLeftThenEndsTimedOutKeepingItsAnswers() {
        let script: [ScriptedLineInput.Step] = [.line(""), .line(Self.canary), .idle(.seconds(45)), .idle(.seconds(16)), .signal(.hangup)]
        let (input, fakes, program, _) = run(script, station: station(policy: .keep))
        #expect(input.transcript.contains("No answer yet: this will end in 20 seconds. Press Enter to keep going."))
        #expect(input.transcript.components(separatedBy: "No answer yet").count == 2, "the warning is said once")
        #expect(fakes.ended.map(\.reason) == [.timedOut])
        #expect(fakes.finishes.first?.finishReason == .timedOut)
        #expect(fakes.finishes.first?.result.answersOnPath.contains { $0.value == .string(Self.canary) } == true)
        #expect(fakes.events == ["begin", "finish", "end"], "the task's end is stored before the session's")
        #expect(program.endings == [.timedOut])
        expectNothingAfterWipe(input)
        #expect(input.afterLastWipe.contains("Press Enter to begin."))
    }

    @Test func aTimeOutWithTheDiscardPolicyKeepsNoAnswer() {
        let script: [ScriptedLineInput.Step] = [.line(""), .line(Self.canary), .idle(.seconds(61))]
        let (input, fakes, _, _) = run(script, station: station(policy: .discard))
        #expect(fakes.ended.map(\.reason) == [.timedOut])
        #expect(fakes.finishes.first?.result.answersOnPath.isEmpty == true)
        expectNothingAfterWipe(input)
    }

    @Test func enterDuringTheWarningExtendsThePromptAtLeastTenTimesThenNoMore() {
        var script: [ScriptedLineInput.Step] = [.line("")]
        // Ten warnings, each answered by Enter: the prompt goes on each time.
        for _ in 0..<10 { script += [.idle(.seconds(45)), .line("")] }
        let (input, fakes, program, _) = run(script + [.idle(.seconds(45)), .signal(.terminate)], station: station())
        #expect(fakes.ended.map(\.reason) == [.interrupted], "ten extensions: still asking when the signal came")
        #expect(input.transcript.components(separatedBy: "No answer yet").count == 12, "eleven warnings")
        #expect(program.outcome == .signalled(.terminate))
        // The eleventh Enter is not an extension: the prompt ends.
        let (_, exhausted, _, _) = run(script + [.idle(.seconds(45)), .line(""), .idle(.seconds(16))], station: station())
        #expect(exhausted.ended.map(\.reason) == [.timedOut])
    }

    @Test func aReplyBeforeTheWarningStartsThePromptsTimeAgain() {
        let script: [ScriptedLineInput.Step] = [.line(""), .idle(.seconds(39)), .line(Self.canary), .idle(.seconds(55)), .signal(.terminate)]
        let (_, fakes, _, _) = run(script, station: station())
        #expect(fakes.ended.map(\.reason) == [.interrupted], "the answer at 39 s started the time again")
    }

    @Test func aStepTakesItsOwnTimeoutFromTheConfiguration() {
        let script: [ScriptedLineInput.Step] = [.line(""), .line(Self.canary), .idle(.seconds(80)), .signal(.terminate)]
        let (_, fakes, _, _) = run(script, station: station(steps: ["note/end": 120]))
        #expect(fakes.ended.map(\.reason) == [.interrupted], "\"Almost done\" waits 120 s, not 60")
        let (_, plain, _, _) = run(script, station: station())
        #expect(plain.ended.map(\.reason) == [.timedOut])
    }

    @Test func theLanguageChooserIsANumberedListAndTheLanguageIsResetAfterTheSession() {
        let script: [ScriptedLineInput.Step] = [.line(""), .line("9"), .line("2"), .line(Self.canary), .line(""), .idle(.seconds(6))]
        let (input, fakes, program, _) = run(script, station: station(languages: ["en", "de", "fr"]))
        #expect(input.transcript.contains("1. English\n2. Deutsch\n3. Français\n"))
        #expect(input.transcript.contains("Type a number from 1 to 3."))
        #expect(fakes.begun.map(\.language) == ["de"])
        #expect(fakes.ended.map(\.reason) == [.completed])
        #expect(program.language == "en")
    }

    @Test func anUnansweredLanguageChooserEndsTheSessionTimedOutWithoutStoringOne() {
        let (input, fakes, program, _) = run([.line(""), .idle(.seconds(61))], station: station(languages: ["en", "de"]))
        #expect(input.transcript.contains("No answer yet"))
        #expect(fakes.begun.isEmpty)
        #expect(program.endings == [.timedOut])
        #expect(input.wipes == 1)
        #expect(input.afterLastWipe.contains("Press Enter to begin."))
    }

    @Test func aSignalMidTaskEndsTheSessionInterruptedAfterTheAnswersSoFarAndStops() {
        let script: [ScriptedLineInput.Step] = [.line(""), .line(Self.canary), .signal(.terminate), .line(""), .line("")]
        let (input, fakes, program, outcome) = run(script, station: station())
        #expect(outcome == .signalled(.terminate))
        #expect(fakes.ended.map(\.reason) == [.interrupted])
        #expect(fakes.finishes.isEmpty, "the open run is ended by the store's policy, not recorded as finished")
        #expect(program.endings == [.interrupted])
        #expect(input.wipes == 1)
        expectNothingAfterWipe(input)
    }

    @Test func theEndOfInputMidTaskEndsTheSessionInterrupted() {
        let (_, fakes, program, outcome) = run([.line(""), .line(Self.canary)], station: station())
        #expect(fakes.ended.map(\.reason) == [.interrupted])
        #expect(outcome == .signalled(.hangup))
        #expect(program.session == nil)
    }

    @Test func linesTypedDuringTheThankYouNeverReachTheNextParticipant() {
        let script: [ScriptedLineInput.Step] = [.line(""), .line(Self.canary), .line(""), .line("ZZQ"), .idle(.seconds(6)),
                                                .line(""), .line("second"), .line(""), .idle(.seconds(6))]
        let (_, fakes, _, _) = run(script, station: station())
        #expect(fakes.ended.map(\.reason) == [.completed, .completed])
        let second = fakes.finishes.last?.result.answersOnPath.map(\.value) ?? []
        #expect(second.contains(.string("second")))
        #expect(!second.contains(.string("ZZQ")))
    }

    @Test func endOfSessionExitLeavesAfterTheThankYou() {
        let script: [ScriptedLineInput.Step] = [.line(""), .line(Self.canary), .line(""), .idle(.seconds(6)), .line("")]
        let (_, fakes, _, outcome) = run(script, station: station(endOfSession: .exit))
        #expect(outcome == .exited)
        #expect(fakes.begun.count == 1)
    }

    @Test func saveAndCancelAreOnlyWordsInAStationTask() {
        let script: [ScriptedLineInput.Step] = [.line(""), .line("cancel"), .line("save"), .idle(.seconds(6))]
        let (_, fakes, _, _) = run(script, station: station())
        #expect(fakes.finishes.first?.finishReason == .completed, "neither word left the task")
        #expect(fakes.finishes.first?.result.answersOnPath.contains { $0.value == .string("cancel") } == true)
        #expect(fakes.ended.map(\.reason) == [.completed])
    }

    @Test func aPausedStationBeginsNoSessionWhateverIsTyped() {
        let (input, fakes, _, outcome) = run([.line(""), .line("1"), .line(""), .signal(.terminate)], station: station(), paused: true)
        #expect(input.transcript.contains("This station is paused. Please ask staff."))
        #expect(!input.transcript.contains("Press Enter to begin."))
        #expect(fakes.begun.isEmpty)
        #expect(outcome == .signalled(.terminate))
    }
}
