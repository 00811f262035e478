import Testing
@testable import StudyCore

/// The Tower of Hanoi's number-key moves, refusals, endings and summary (issue 25).
@Suite("Tower of Hanoi task")
struct TowerOfHanoiTaskTests {
    func task(disks: Int = 2, limit: Double = 0) -> TowerOfHanoiTask {
        var p = TowerOfHanoiParameters()
        p.numberOfDisks = disks
        p.timeLimit = limit
        return TowerOfHanoiTask(parameters: p, practice: false)
    }

    func move(_ t: inout TowerOfHanoiTask, _ from: Int, _ to: Int, at ms: Int) -> TimedEffect {
        _ = t.keyRead(String(from), at: .milliseconds(ms))
        return t.keyRead(String(to), at: .milliseconds(ms + 50))
    }

    @Test("two keys move a disk; the minimum solves it and the summary knows the minimum")
    func solve() {
        var t = task()
        #expect(t.begin(at: .zero).stampFrame)
        _ = t.framePresented(at: .milliseconds(5))
        _ = move(&t, 1, 2, at: 100)
        _ = move(&t, 1, 3, at: 200)
        let last = move(&t, 2, 3, at: 300)
        #expect(last.wake == .cancel && t.isFinished && t.ending?.reason == .solved)
        let values = Dictionary(uniqueKeysWithValues: t.summary.map { ($0.identifier, $0.value) })
        #expect(values["puzzleWasSolved"] == .bool(true) && values["moves"] == .int(3) && values["minimumMoves"] == .int(3))
        #expect(values["excessMoves"] == .int(0) && values["timeMs"] == .double(345))
        #expect(t.trialRecords[1] == .object(["index": .int(2), "donorTower": .int(1), "recipientTower": .int(3), "timeMs": .double(250)]))
    }

    @Test("a larger disk on a smaller one, or an empty tower, is refused and counted")
    func refusals() {
        var t = task()
        _ = t.begin(at: .zero)
        _ = t.framePresented(at: .zero)
        #expect(t.keyRead("2", at: .milliseconds(10)).bell && t.lastRefusal == .emptyTower(1))
        _ = move(&t, 1, 2, at: 100)
        #expect(move(&t, 1, 2, at: 200).bell && t.lastRefusal == .largerOnSmaller)
        #expect(t.illegalMoves == 2 && t.puzzle.moves.count == 1)
        _ = t.keyRead("1", at: .milliseconds(300))
        #expect(t.picked == 0)
        _ = t.keyRead("1", at: .milliseconds(310))
        #expect(t.picked == nil && t.puzzle.moves.count == 1, "the same tower again puts the disk back")
        #expect(t.keyRead("7", at: .milliseconds(320)).bell)
    }

    @Test("G gives up; the time limit ends an unsolved puzzle")
    func endings() {
        var t = task()
        _ = t.begin(at: .zero)
        _ = t.framePresented(at: .zero)
        #expect(t.keyRead("g", at: .seconds(2)).wake == .cancel && t.ending?.reason == .gaveUp)
        #expect(t.summary.first?.value == .bool(false))
        var timed = task(limit: 30)
        _ = timed.begin(at: .zero)
        #expect(timed.framePresented(at: .seconds(1)).wake == .at(.seconds(31)))
        #expect(timed.timerFired(at: .seconds(30)).wake == .at(.seconds(31)))
        #expect(timed.timerFired(at: .seconds(31)).wake == .cancel && timed.ending?.reason == .timeLimit)
        #expect(timed.keyRead("1", at: .seconds(32)) == .none)
    }
}
