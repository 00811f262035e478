import Testing
@testable import StudyCore

/// The timed step around its task (issue 25): practice then the real round, pause, refusals
/// (line mode, a small terminal, a repeating key) and the step's output.
@Suite("Timed step controller")
struct TimedStepControllerTests {
    func controller(practice: Bool = true, alternative: StepID? = nil) -> TimedStepController {
        var p = ReactionTimeParameters()
        p.numberOfAttempts = 1
        p.practiceTrials = 1
        p.minimumStimulusInterval = 1
        p.maximumStimulusInterval = 1
        p.interTrialInterval = 0.5
        let timed = TimedStep(kind: .reactionTime(p), practice: practice,
                              spokenInstructions: [SpokenInstruction(time: 0, text: "Go"), SpokenInstruction(time: .infinity, text: "Done")],
                              untimedAlternative: alternative)
        return TimedStepController(step: StepDefinition(identifier: "rt", kind: .timed(timed), typeName: "reactionTime"),
                                   timed: timed, seed: 42)
    }

    /// Runs one trial of the round begun at `start` with a 300 ms response; returns the outcome
    /// of the wake-up after it.
    func trial(_ c: inout TimedStepController, from start: Duration) -> TimedStepOutcome {
        _ = c.timerFired(at: start + .seconds(1))
        _ = c.framePresented(at: start + .seconds(1))
        _ = c.keyRead(" ", at: start + .milliseconds(1_300))
        return c.timerFired(at: start + .milliseconds(1_800))
    }

    @Test("practice first, then the real round; only the real round is measured, with captions at its start and end")
    func practiceThenReal() {
        var c = controller()
        #expect(c.phase == .instructions && !c.takesRawKeys)
        let first = c.enter(at: .zero)
        #expect(c.phase == .practice && c.takesRawKeys)
        #expect(first.effect.flushInput && first.effect.wake == .at(.seconds(1)))
        #expect(first.captions.isEmpty, "captions belong to the real round")
        _ = trial(&c, from: .zero)
        #expect(c.phase == .practiceDone)
        let real = c.enter(at: .seconds(10))
        #expect(real.captions == ["Go"])
        let end = trial(&c, from: .seconds(10))
        #expect(c.phase == .finished)
        #expect(end.captions == ["Done"])
        guard case .measurement(let m)? = end.output else { Issue.record("no measurement"); return }
        #expect(m.measurementType == "reactionTime")
        #expect(m.trials.count == 1, "practice trials are not kept")
        #expect(m.summary.contains { $0.identifier == "seed" && $0.value == .string("42") })
    }

    @Test("Esc pauses the round and Enter resumes it with a new foreperiod")
    func pauseAndResume() {
        var c = controller(practice: false)
        _ = c.enter(at: .zero)
        #expect(c.pause().effect.wake == .cancel)
        #expect(c.phase == .paused && !c.takesRawKeys)
        let resumed = c.enter(at: .seconds(5))
        #expect(c.phase == .running)
        #expect(resumed.effect.wake == .at(.seconds(6)))
    }

    @Test("line mode and a small terminal are refused with the reason; a fitting terminal is not")
    func refusals() {
        let c = controller()
        #expect(c.refusal(lineMode: true, width: 80, height: 24) == TimedStepController.lineModeReason)
        #expect(c.refusal(lineMode: false, width: 30, height: 24)?.contains("too small") == true)
        #expect(c.refusal(lineMode: false, width: 40, height: 12) == nil)
    }

    @Test("a key repeating by itself stops the round; Enter then skips with the reason to the untimed alternative")
    func keyRepeatBurst() {
        var c = controller(practice: false, alternative: "rt_untimed")
        _ = c.enter(at: .zero)
        for i in 0..<4 { _ = c.keyRead(" ", at: .milliseconds(100 + 30 * i)) }
        #expect(c.phase == .refused(TimedStepController.keyRepeatReason))
        let out = c.enter(at: .seconds(1))
        #expect(out.output == .skipped(reason: TimedStepController.keyRepeatReason, goTo: "rt_untimed"))
    }

    @Test("keys a finger can press in turn are no burst")
    func fastAlternationIsNoBurst() {
        var c = controller(practice: false)
        _ = c.enter(at: .zero)
        for i in 0..<8 { _ = c.keyRead(i.isMultiple(of: 2) ? "f" : "j", at: .milliseconds(100 + 30 * i)) }
        #expect(c.phase == .running)
    }
}
