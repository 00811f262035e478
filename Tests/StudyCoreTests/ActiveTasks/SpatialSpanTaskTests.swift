import Testing
@testable import StudyCore

/// Spatial span's play-back, entry by letters and by arrows, and the span rules, driven with
/// scripted times (issue 25).
@Suite("Spatial span task")
struct SpatialSpanTaskTests {
    /// A 3x3 grid, span 2 to 4, one cell a second.
    func task(reversal: Bool = false, tests: Int = 3) -> SpatialSpanTask {
        var p = SpatialSpanParameters()
        p.columns = 3
        p.rows = 3
        p.rules.initialSpan = 2
        p.rules.maximumSpan = 4
        p.rules.maximumTests = tests
        p.rules.requireReversal = reversal
        return SpatialSpanTask(parameters: p, practice: false, seed: 9)
    }

    /// Plays the current sequence from `time`: one cell a second, then "your turn" stamped.
    func play(_ t: inout SpatialSpanTask, from time: Duration) -> Duration {
        var now = time
        let count = t.games.last!.sequence.count
        for step in 0..<count {
            #expect(t.litCell == t.games.last!.sequence[step])
            now += .seconds(1)
            let update = t.timerFired(at: now)
            #expect(update.stampFrame == (step == count - 1))
        }
        #expect(t.phase == .answering && t.litCell == nil)
        _ = t.framePresented(at: now)
        return now
    }

    @Test("the grid lights the sequence a cell at a time, then the letters repeat it")
    func lettersRepeatTheSequence() {
        var t = task()
        #expect(t.begin(at: .zero).wake == .at(.seconds(1)))
        #expect(t.keyRead("a", at: .milliseconds(10)) == .none, "keys while it plays are ignored")
        var now = play(&t, from: .zero)
        for cell in t.games[0].sequence {
            now += .milliseconds(400)
            _ = t.keyRead(SpatialSpanParameters.label(cell).uppercased(), at: now)
        }
        #expect(t.phase == .feedback(success: true, until: now + .seconds(1)))
        #expect(t.progress.span == 3 && t.progress.bestSpan == 2)
        _ = t.timerFired(at: now + .seconds(1))
        #expect(t.games.count == 2 && t.games[1].sequence.count == 3, "the span grew")
        let record = t.trialRecords[0]
        #expect(record["status"] == .string("success") && record["entries"]?.arrayValue?.count == 2)
        let values = Dictionary(uniqueKeysWithValues: t.summary.map { ($0.identifier, $0.value) })
        #expect(values["medianAnswerTimeMs"] == .double(800))
    }

    @Test("arrows move the cursor within the grid; Enter chooses its cell")
    func arrowsAndEnter() {
        var t = task()
        _ = t.begin(at: .zero)
        var now = play(&t, from: .zero)
        _ = t.keyRead("left", at: now)
        _ = t.keyRead("up", at: now)
        #expect(t.cursor == 0, "the edges hold")
        for cell in t.games[0].sequence {
            while t.cursor % 3 < cell % 3 { _ = t.keyRead("right", at: now) }
            while t.cursor % 3 > cell % 3 { _ = t.keyRead("left", at: now) }
            while t.cursor / 3 < cell / 3 { _ = t.keyRead("down", at: now) }
            while t.cursor / 3 > cell / 3 { _ = t.keyRead("up", at: now) }
            now += .milliseconds(100)
            _ = t.keyRead("enter", at: now)
        }
        #expect(t.games[0].success == true)
    }

    @Test("a wrong cell fails the sequence at once and the span shrinks, never below the minimum")
    func wrongCell() {
        var t = task()
        _ = t.begin(at: .zero)
        let now = play(&t, from: .zero)
        let wrong = (0..<9).first { $0 != t.games[0].sequence[0] }!
        let update = t.keyRead(SpatialSpanParameters.label(wrong), at: now)
        #expect(update.bell && t.games[0].success == false)
        #expect(t.progress.span == 2 && t.progress.failures == 1)
        #expect(t.keyRead("z", at: now) == .none, "no keys during the feedback")
    }

    @Test("with reversal the sequence is repeated backwards")
    func reversal() {
        var t = task(reversal: true)
        _ = t.begin(at: .zero)
        let now = play(&t, from: .zero)
        for cell in t.games[0].sequence.reversed() { _ = t.keyRead(SpatialSpanParameters.label(cell), at: now) }
        #expect(t.games[0].success == true)
    }

    @Test("the task ends after its tests, with the span as its score")
    func ends() {
        var t = task(tests: 2)
        var now = Duration.zero
        _ = t.begin(at: now)
        var last = TimedEffect.none
        for _ in 0..<2 {
            now = play(&t, from: now)
            for cell in t.games.last!.sequence { _ = t.keyRead(SpatialSpanParameters.label(cell), at: now) }
            now += .seconds(1)
            last = t.timerFired(at: now)
        }
        #expect(last.wake == .cancel && t.isFinished)
        let values = Dictionary(uniqueKeysWithValues: t.summary.map { ($0.identifier, $0.value) })
        #expect(values["span"] == .int(3) && values["games"] == .int(2) && values["failures"] == .int(0))
    }

    @Test("letters past the grid ring the bell")
    func letterOutsideTheGrid() {
        var t = task()
        _ = t.begin(at: .zero)
        let now = play(&t, from: .zero)
        #expect(t.keyRead("j", at: now).bell, "a 3x3 grid has a to i")
        #expect(t.games[0].entries.isEmpty)
    }
}
