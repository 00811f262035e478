import Testing
@testable import StudyCore

/// The visual PASAT's timeline, typed answers and scoring, driven with scripted times (issue 25).
@Suite("PASAT task")
struct PASATTaskTests {
    /// Three additions, a digit every 3 s shown for 1 s.
    func task() -> PASATTask {
        var p = PASATParameters()
        p.seriesLength = 3
        return PASATTask(parameters: p, practice: false, seed: 5)
    }

    /// Types the characters of `text` at `time`.
    func type(_ text: String, into t: inout PASATTask, at time: Duration) {
        for c in text { _ = t.keyRead(String(c), at: time) }
    }

    @Test("a digit every interval, hidden after its duration; the series ends after the last interval")
    func timeline() {
        var t = task()
        #expect(t.digits.count == 4 && t.digits.allSatisfy { (1...9).contains($0) })
        #expect(t.begin(at: .zero).stampFrame)
        #expect(t.visibleDigit == t.digits[0])
        #expect(t.framePresented(at: .milliseconds(2)).wake == .at(.milliseconds(1_002)), "the digit goes after 1 s from its onset")
        #expect(t.timerFired(at: .milliseconds(1_002)).wake == .at(.seconds(3)))
        #expect(t.visibleDigit == nil)
        #expect(t.timerFired(at: .seconds(3)).stampFrame, "the next digit is due 3 s after the first, not after its onset")
        #expect(t.visibleDigit == t.digits[1])
        _ = t.framePresented(at: .seconds(3))
        _ = t.timerFired(at: .seconds(6))
        _ = t.framePresented(at: .seconds(6))
        _ = t.timerFired(at: .seconds(9))
        _ = t.framePresented(at: .seconds(9))
        #expect(!t.isFinished)
        #expect(t.timerFired(at: .seconds(12)).wake == .cancel && t.isFinished)
    }

    @Test("the sum of the last two is right; a lone 1 waits for its second digit; the first answer counts")
    func answers() {
        var t = task()
        _ = t.begin(at: .zero)
        _ = t.framePresented(at: .zero)
        #expect(t.keyRead("5", at: .milliseconds(500)).bell, "the first digit has no sum")
        _ = t.timerFired(at: .seconds(3))
        _ = t.framePresented(at: .seconds(3))
        let first = t.digits[0] + t.digits[1]
        type(String(first), into: &t, at: .milliseconds(4_200))
        #expect(t.answers[1]?.value == first)
        #expect(t.keyRead("4", at: .milliseconds(4_500)).bell, "a second answer to the same digit")
        _ = t.timerFired(at: .seconds(6))
        _ = t.framePresented(at: .seconds(6))
        _ = t.keyRead("1", at: .milliseconds(6_500))
        #expect(t.answers[2] == nil && t.typed == "1")
        _ = t.keyRead("8", at: .milliseconds(6_700))
        #expect(t.answers[2]?.value == 18)
        _ = t.timerFired(at: .seconds(9))
        _ = t.framePresented(at: .seconds(9))
        _ = t.timerFired(at: .seconds(12))
        let score = t.scoring
        #expect(score.samples.count == 3 && score.samples[0].correct)
        #expect(score.samples[0].timeMs == 1_200)
        #expect(score.samples[2].answer == nil && score.samples[2].timeMs == 3_000, "no answer: the interval")
        let records = t.trialRecords
        #expect(records.count == 3 && records[2]["outcome"] == .string("timeout"))
        let values = Dictionary(uniqueKeysWithValues: t.summary.map { ($0.identifier, $0.value) })
        #expect(values["additions"] == .int(3) && values["timeouts"] == .int(1))
        #expect(values["medianRTMs"] == .double(t.digits[1] + t.digits[2] == 18 ? 950 : 1_200))
    }

    @Test("Enter sends what is typed; Backspace clears it")
    func enterAndBackspace() {
        var t = task()
        _ = t.begin(at: .zero)
        _ = t.framePresented(at: .zero)
        _ = t.timerFired(at: .seconds(3))
        _ = t.framePresented(at: .seconds(3))
        _ = t.keyRead("1", at: .milliseconds(3_100))
        _ = t.keyRead("backspace", at: .milliseconds(3_200))
        #expect(t.typed.isEmpty)
        _ = t.keyRead("1", at: .milliseconds(3_300))
        _ = t.keyRead("enter", at: .milliseconds(3_400))
        #expect(t.answers[1]?.value == 1 && t.answers[1]?.time == .milliseconds(3_400))
        #expect(t.keyRead("enter", at: .milliseconds(3_500)).bell, "nothing typed")
    }

    @Test("an answer before the digit's frame was stamped is an anticipation, not a right answer")
    func early() {
        var t = task()
        _ = t.begin(at: .zero)
        _ = t.framePresented(at: .zero)
        _ = t.timerFired(at: .seconds(3))
        type(String(t.digits[0] + t.digits[1]), into: &t, at: .seconds(3))
        _ = t.framePresented(at: .milliseconds(3_001))
        #expect(t.trialRecords[0]["outcome"] == .string("anticipation"))
        #expect(t.scoring.totalCorrect == 0)
    }
}
