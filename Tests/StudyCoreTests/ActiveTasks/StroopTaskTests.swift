import Testing
@testable import StudyCore

/// The Stroop task's trial sequence, keys and scoring, driven with scripted times (issue 25).
@Suite("Stroop task")
struct StroopTaskTests {
    /// A task of ten words, 5 s timeout, 0.5 s blank.
    func task(positionCoded: Bool = false) -> StroopTask {
        var p = StroopParameters()
        p.timeout = 5
        p.interStimulusInterval = 0.5
        return StroopTask(parameters: p, practice: false, seed: 11, positionCoded: positionCoded)
    }

    /// Shows the next word: wakes after the blank and stamps its onset at `onset`.
    func show(_ t: inout StroopTask, at onset: Duration) {
        let update = t.timerFired(at: onset)
        #expect(update.stampFrame)
        #expect(t.framePresented(at: onset).wake == .at(onset + .seconds(5)))
    }

    @Test("a blank, then a word; the ink's key is right and its time is key minus onset")
    func rightAnswer() {
        var t = task()
        #expect(t.begin(at: .seconds(10)).wake == .at(.milliseconds(10_500)))
        #expect(t.currentStimulus == nil, "the blank shows no word")
        #expect(t.timerFired(at: .milliseconds(10_200)).wake == .at(.milliseconds(10_500)), "an early wake waits on")
        show(&t, at: .milliseconds(10_501))
        let word = t.currentStimulus!
        let update = t.keyRead(word.ink.key, at: .milliseconds(11_001))
        #expect(update.wake == .at(.milliseconds(11_501)), "the next blank")
        let trial = t.trials[0]
        #expect(trial.correct == true && trial.outcome == .response)
        #expect(trial.responseTimeMs == 500 && trial.onsetMs == 501)
    }

    @Test("a wrong ink is an error; other keys ring the bell and change nothing")
    func wrongAnswerAndOtherKeys() {
        var t = task()
        _ = t.begin(at: .zero)
        show(&t, at: .milliseconds(500))
        #expect(t.keyRead("x", at: .milliseconds(600)).bell)
        #expect(t.trials.isEmpty)
        let wrong = StroopStimulus.Colour.allCases.first { $0 != t.currentStimulus!.ink }!
        _ = t.keyRead(wrong.key, at: .milliseconds(900))
        #expect(t.trials[0].correct == false && t.trials[0].outcome == .response)
        #expect(t.keyRead("r", at: .milliseconds(950)) == .none, "keys in the blank are ignored")
        #expect(t.trials.count == 1)
    }

    @Test("no key by the timeout is a timeout; a key before the onset is an anticipation")
    func timeoutAndAnticipation() {
        var t = task()
        _ = t.begin(at: .zero)
        show(&t, at: .milliseconds(500))
        #expect(t.timerFired(at: .milliseconds(5_499)).wake == .at(.milliseconds(5_500)))
        #expect(t.trials.isEmpty)
        _ = t.timerFired(at: .milliseconds(5_500))
        #expect(t.trials[0].outcome == .timeout && t.trials[0].correct == false)
        #expect(t.timerFired(at: .milliseconds(6_000)).stampFrame)
        _ = t.keyRead("g", at: .milliseconds(6_000))  // before the frame is stamped
        #expect(t.trials[1].outcome == .anticipation)
    }

    @Test("the task ends after its words and reports the Stroop effect")
    func endAndSummary() {
        var t = task()
        var now = Duration.zero
        _ = t.begin(at: now)
        var last = TimedEffect.none
        for _ in 0..<10 {
            now += .milliseconds(500)
            show(&t, at: now)
            let s = t.currentStimulus!
            now += s.isCongruent ? .milliseconds(400) : .milliseconds(700)
            last = t.keyRead(s.ink.key, at: now)
        }
        #expect(last.wake == .cancel && t.isFinished)
        let values = Dictionary(uniqueKeysWithValues: t.summary.map { ($0.identifier, $0.value) })
        #expect(values["trials"] == .int(10) && values["correct"] == .int(10) && values["accuracy"] == .double(100))
        let congruent = t.stimuli.contains(where: \.isCongruent), incongruent = t.stimuli.contains { !$0.isCongruent }
        if congruent && incongruent { #expect(values["stroopEffectMs"] == .double(300)) }
        #expect(values["positionCoded"] == .bool(false))
        #expect(t.trialRecords.count == 10 && t.trialRecords[0]["ink"] != nil && t.trialRecords[0]["congruent"] != nil)
    }

    @Test("without colour the result says the ink was position-coded")
    func positionCoded() {
        let t = task(positionCoded: true)
        #expect(t.note?.contains("Position-coded") == true)
        #expect(t.summary.last == MeasurementResult.Value(identifier: "positionCoded", value: .bool(true)))
        #expect(task().note?.contains("Position-coded") == false)
    }

    @Test("a seed replays the same words")
    func seeded() {
        #expect(task().stimuli == task().stimuli)
        #expect(task().stimuli.count == 10)
    }
}
