import Testing
@testable import StudyCore

/// Two-key tapping driven by hand-set times (issue 25): one hand at a time, the time from the
/// first tap, taps and inter-tap intervals, the hand order as ResearchKit chooses it.
@Suite("Tapping task")
struct TappingTaskTests {
    func parameters(_ hands: TappingParameters.Hands, duration: Double = 10) -> TappingParameters {
        var p = TappingParameters()
        p.hands = hands
        p.duration = duration
        return p
    }

    @Test("one hand alone taps alone; both hands tap in an order the seed fixes, each order for some seed")
    func handOrder() {
        #expect(TappingTask(parameters: parameters(.left), practice: false, seed: 1).order == [.left])
        #expect(TappingTask(parameters: parameters(.right), practice: false, seed: 1).order == [.right])
        let orders = Set((0..<16).map { TappingTask(parameters: parameters(.both), practice: false, seed: UInt64($0)).order })
        #expect(orders == [[.left, .right], [.right, .left]])
        let again = TappingTask(parameters: parameters(.both), practice: false, seed: 5).order
        #expect(TappingTask(parameters: parameters(.both), practice: false, seed: 5).order == again)
        #expect(TappingTask(parameters: parameters(.both), practice: true, seed: 5).order.count == 1, "practice uses one hand")
    }

    @Test("the time starts at the first tap; alternating taps count and their intervals are kept")
    func countsAlternatingTaps() {
        var t = TappingTask(parameters: parameters(.right), practice: false, seed: 1)
        _ = t.begin(at: .seconds(100))
        #expect(t.keyRead("x", at: .seconds(101)) == .none)
        #expect(t.keyRead("f", at: .seconds(102)) == .wake(at: .seconds(103)))
        _ = t.keyRead("j", at: .milliseconds(102_200))
        _ = t.keyRead("j", at: .milliseconds(102_500))   // the same key again: kept apart
        _ = t.keyRead("f", at: .milliseconds(102_650))
        #expect(t.rounds[0].count.taps == 3)
        #expect(t.rounds[0].count.interTapIntervalsMs == [200, 450])
        #expect(t.timerFired(at: .seconds(110)) == .wake(at: .seconds(111)))
        _ = t.timerFired(at: .seconds(112))
        #expect(t.isFinished)
        let values = Dictionary(uniqueKeysWithValues: t.summary.map { ($0.identifier, $0.value) })
        #expect(values["rightTaps"] == .int(3))
        #expect(values["rightSameKeyPresses"] == .int(1))
        #expect(values["rightInterTapIntervalsMs"] == .array([.double(200), .double(450)]))
        #expect(t.trialRecords.count == 4)
    }

    @Test("with both hands the second waits for Enter after the first's time; taps before it do not start it")
    func secondHand() {
        var t = TappingTask(parameters: parameters(.both), practice: false, seed: 3)
        _ = t.begin(at: .zero)
        _ = t.keyRead("f", at: .seconds(1))
        let effect = t.timerFired(at: .seconds(11))
        #expect(effect.flushInput)
        #expect(!t.isFinished)
        #expect(t.rounds.count == 2 && t.rounds[1].hand == t.order[1])
        #expect(t.keyRead("j", at: .milliseconds(11_100)) == .none, "the first hand still tapping")
        #expect(t.rounds[1].startedAt == nil && t.rounds[1].count.presses.isEmpty)
        #expect(t.frame.lines[0].text.hasPrefix("Now use your"))
        #expect(t.keyRead(TimedKey.enter, at: .seconds(11.5)).flushInput)
        _ = t.keyRead("j", at: .seconds(12))
        _ = t.timerFired(at: .seconds(22))
        #expect(t.isFinished)
    }
}
