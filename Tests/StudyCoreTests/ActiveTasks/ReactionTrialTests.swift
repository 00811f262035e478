import Testing
@testable import StudyCore

/// Reaction trials scored on an injected clock (issue 25): responses, anticipations, timeouts, and
/// the summary a psychologist reads.
@Suite("Reaction trials")
struct ReactionTrialTests {
    func trial(_ keys: Set<String>? = nil, due: Int = 2_000) -> TimedTrial {
        TimedTrial(index: 1, stimulus: "■", correctKeys: keys, stimulusDue: .milliseconds(due),
                   timeout: .seconds(2), origin: .zero)
    }

    @Test("a key after the onset is a response timed from the frame's write to the key's read")
    func response() {
        var t = trial()
        t.stimulusPresented(at: .milliseconds(2_003))
        let record = t.keyRead("space", at: .milliseconds(2_290))
        #expect(record?.outcome == .response)
        #expect(record?.responseTimeMs == 287)
        #expect(record?.onsetMs == 2_003 && record?.keyMs == 2_290)
        #expect(record?.correct == nil, "simple reaction time has no wrong key")
    }

    @Test("a key before the stimulus is an anticipation, and later keys change nothing")
    func anticipation() {
        var t = trial()
        let early = t.keyRead("space", at: .milliseconds(1_500))
        #expect(early?.outcome == .anticipation)
        t.stimulusPresented(at: .milliseconds(2_000))
        let after = t.keyRead("space", at: .milliseconds(2_200))
        #expect(after == nil)
        #expect(t.record?.responseTimeMs == nil)
    }

    @Test("no key by the timeout is a timeout; a key after it is not a response")
    func timeout() {
        var t = trial()
        t.stimulusPresented(at: .seconds(2))
        let before = t.timeElapsed(at: .milliseconds(3_999))
        #expect(before == nil)
        let end = t.timeElapsed(at: .seconds(4))
        #expect(end?.outcome == .timeout)
        var late = trial()
        late.stimulusPresented(at: .seconds(2))
        let tooLate = late.keyRead("space", at: .milliseconds(4_001))
        #expect(tooLate?.outcome == .timeout)
    }

    @Test("choice reaction time marks the wrong key")
    func choice() {
        var right = trial(["r"]), wrong = trial(["r"])
        right.stimulusPresented(at: .seconds(2))
        wrong.stimulusPresented(at: .seconds(2))
        let good = right.keyRead("r", at: .milliseconds(2_400)), bad = wrong.keyRead("g", at: .milliseconds(2_400))
        #expect(good?.correct == true)
        #expect(bad?.correct == false)
    }

    @Test("the summary: mean, median and SD over responses; accuracy over every trial")
    func summary() {
        let trials = [
            Trial(index: 1, stimulus: "a", onsetMs: 0, key: "r", keyMs: 300, correct: true, outcome: .response),
            Trial(index: 2, stimulus: "b", onsetMs: 0, key: "g", keyMs: 400, correct: true, outcome: .response),
            Trial(index: 3, stimulus: "c", onsetMs: 0, key: "b", keyMs: 800, correct: false, outcome: .response),
            Trial(index: 4, stimulus: "d", onsetMs: nil, key: "r", keyMs: 10, correct: false, outcome: .anticipation),
            Trial(index: 5, stimulus: "e", onsetMs: 0, key: nil, keyMs: nil, correct: false, outcome: .timeout),
        ]
        let all = TrialStatistics(trials)
        #expect(all.trials == 5 && all.responses == 3 && all.anticipations == 1 && all.timeouts == 1)
        #expect(all.accuracy == 0.4)
        #expect(all.meanRTMs == 500 && all.medianRTMs == 400)
        #expect(abs((all.sdRTMs ?? 0) - 264.575) < 0.001)
        let rightOnly = TrialStatistics(trials, correctOnly: true)
        #expect(rightOnly.meanRTMs == 350 && rightOnly.medianRTMs == 350)
    }

    @Test("foreperiods stay in their bounds and a seed replays them")
    func foreperiods() {
        var a = Foreperiods(minimum: .seconds(1), maximum: .seconds(3), seed: 42)
        var b = Foreperiods(minimum: .seconds(1), maximum: .seconds(3), seed: 42)
        let first = (0..<200).map { _ in a.next() }
        #expect(first == (0..<200).map { _ in b.next() })
        #expect(first.allSatisfy { $0 >= .seconds(1) && $0 <= .seconds(3) })
        #expect(Set(first).count > 100, "spread, not constant")
    }

    @Test("Stroop: the right key is the ink's letter, whatever the word says")
    func stroop() {
        let stimulus = StroopStimulus(word: .red, ink: .blue)
        #expect(stimulus.ink.key == "b" && !stimulus.isCongruent && stimulus.description == "RED in blue")
        var generator = SeededGenerator(seed: 7)
        let series = StroopStimulus.series(count: 400, using: &generator)
        #expect(Set(series.map(\.ink)).count == 4 && series.contains(where: \.isCongruent))
    }
}
