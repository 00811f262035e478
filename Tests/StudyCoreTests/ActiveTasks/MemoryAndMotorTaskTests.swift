import Testing
@testable import StudyCore

/// The rules of span, PASAT, tapping, trails and Hanoi, checked without a screen (issue 25).
@Suite("Span, PASAT, tapping, trails and Hanoi")
struct MemoryAndMotorTaskTests {
    @Test("span grows after a success, shrinks after a failure, within its bounds")
    func spanUpAndDown() {
        var rules = SpatialSpanRules()
        rules.initialSpan = 2
        rules.maximumSpan = 3
        rules.maximumTests = 10
        rules.maximumConsecutiveFailures = 5
        var progress = SpatialSpanProgress(rules: rules)
        progress.record(success: true)
        #expect(progress.span == 3 && progress.bestSpan == 2)
        progress.record(success: true)
        #expect(progress.span == 3 && progress.bestSpan == 3, "capped at the maximum")
        progress.record(success: false)
        progress.record(success: false)
        #expect(progress.span == 2, "never below the minimum")
        #expect(progress.failures == 2 && progress.games == 4)
    }

    @Test("span ends after its tests or its failures in a row")
    func spanEnds() {
        var rules = SpatialSpanRules()
        rules.maximumConsecutiveFailures = 2
        var progress = SpatialSpanProgress(rules: rules)
        progress.record(success: false)
        progress.record(success: true)
        progress.record(success: false)
        #expect(!progress.isOver, "a success between failures starts the count again")
        progress.record(success: false)
        #expect(progress.isOver)
        progress.record(success: true)
        #expect(progress.games == 4, "nothing counts after the end")
        var short = SpatialSpanProgress(rules: SpatialSpanRules())
        for _ in 0..<5 { short.record(success: true) }
        #expect(short.isOver && short.bestSpan == 7)
    }

    @Test("span sequences are distinct cells, and reversal asks for the reverse order")
    func spanSequences() {
        var generator = SeededGenerator(seed: 3)
        let shown = SpatialSpanProgress.sequence(span: 5, cells: 9, using: &generator)
        #expect(shown.count == 5 && Set(shown).count == 5 && shown.allSatisfy { (0..<9).contains($0) })
        var rules = SpatialSpanRules()
        #expect(SpatialSpanProgress(rules: rules).isRight(entered: shown, shown: shown))
        rules.requireReversal = true
        #expect(SpatialSpanProgress(rules: rules).isRight(entered: shown.reversed(), shown: shown))
        #expect(!SpatialSpanProgress(rules: rules).isRight(entered: shown, shown: shown))
        #expect(rules.problem == nil)
        rules.initialSpan = 1
        #expect(rules.problem != nil)
    }

    @Test("PASAT: right answers are sums of the last two digits; dyads are two right in a row")
    func pasat() {
        let score = PASATScoring(
            digits: [3, 5, 2, 9, 4],
            answers: [(8, .milliseconds(900)), (7, .milliseconds(1_100)), nil, (12, .milliseconds(1_500))],
            interval: .seconds(3))
        #expect(score.samples.map(\.expected) == [8, 7, 11, 13])
        #expect(score.samples.map(\.correct) == [true, true, false, false])
        #expect(score.totalCorrect == 2 && score.totalDyad == 1)
        #expect(score.samples[2].timeMs == 3_000, "a missing answer takes the interval")
        #expect(score.initialDigit == 3)
    }

    @Test("tapping counts alternating presses, keeps same-key presses apart, and sees a held key")
    func tapping() {
        var count = TappingCount()
        count.press("left", at: .milliseconds(0))
        count.press("right", at: .milliseconds(180))
        count.press("right", at: .milliseconds(400))
        count.press("left", at: .milliseconds(550))
        #expect(count.taps == 3 && count.samePresses == 1)
        #expect(count.interTapIntervalsMs == [180, 370])
        #expect(!count.keyRepeatDetected)
        for i in 0..<5 { count.press("left", at: .milliseconds(1_000 + 33 * i)) }
        #expect(count.keyRepeatDetected, "a held key repeats every 33 ms")
    }

    @Test("trail making B alternates numbers and letters; a wrong label is an error and does not move on")
    func trails() {
        #expect(TrailMaking.labels(part: .b, count: 13) == ["1", "A", "2", "B", "3", "C", "4", "D", "5", "E", "6", "F", "7"])
        var trail = TrailMaking(part: .b, count: 4)
        let typed = [("1", 1), ("2", 2), ("a", 3), ("2", 4), ("B", 5)].map { trail.type($0.0, at: .seconds($0.1)) }
        #expect(typed == [true, false, true, true, true], "a wrong label does not move on; letters in either case")
        #expect(trail.isComplete && trail.errors == 1 && trail.taps.count == 5)
        #expect(TrailMaking(part: .a, count: 3).labels == ["1", "2", "3"])
    }

    @Test("Hanoi refuses illegal moves and is solved in 2ⁿ − 1 moves")
    func hanoi() throws {
        var puzzle = TowerOfHanoi(disks: 3)
        #expect(puzzle.minimumMoves == 7)
        try puzzle.move(from: 0, to: 2, at: .seconds(1))
        #expect(throws: TowerOfHanoi.Refusal.largerOnSmaller) { try puzzle.move(from: 0, to: 2, at: .seconds(2)) }
        #expect(throws: TowerOfHanoi.Refusal.emptyTower(1)) { try puzzle.move(from: 1, to: 2, at: .seconds(2)) }
        #expect(throws: TowerOfHanoi.Refusal.noSuchTower(3)) { try puzzle.move(from: 0, to: 3, at: .seconds(2)) }
        for (from, to) in [(0, 1), (2, 1), (0, 2), (1, 0), (1, 2), (0, 2)] {
            try puzzle.move(from: from, to: to, at: .seconds(3))
        }
        #expect(puzzle.isSolved && puzzle.moves.count == puzzle.minimumMoves)
    }
}
