import Testing
@testable import StudyCore

/// The reaction-time task driven by hand-set times (issue 25): foreperiod, stimulus shown with the
/// input flushed and the frame stamped, onset from the stamp, anticipations and timeouts recorded
/// and run again, choice keys judged, and the summary.
@Suite("Reaction time task")
struct ReactionTimeTaskTests {
    /// A task with a fixed 1 s foreperiod and a 2 s timeout.
    func task(attempts: Int = 2, retries: Int = 3, choices: [ReactionTimeParameters.Choice] = []) -> ReactionTimeTask {
        var p = ReactionTimeParameters()
        p.numberOfAttempts = attempts
        p.minimumStimulusInterval = 1
        p.maximumStimulusInterval = 1
        p.timeout = 2
        p.maximumRetries = retries
        p.interTrialInterval = 0.5
        p.choices = choices
        return ReactionTimeTask(parameters: p, practice: false, seed: 7)
    }

    /// Runs one trial from `start`: the foreperiod ends, the frame is presented `lag` later, and
    /// `key` is read `rt` after that; returns the time the trial ended.
    @discardableResult
    func respond(_ t: inout ReactionTimeTask, from start: Duration, lag: Duration = .milliseconds(2),
                 key: String = " ", rt: Duration = .milliseconds(300)) -> Duration {
        let due = start + .seconds(1)
        #expect(t.timerFired(at: due) == .showStimulus)
        _ = t.framePresented(at: due + lag)
        _ = t.keyRead(key, at: due + lag + rt)
        return due + lag + rt
    }

    @Test("the stimulus waits for its foreperiod, then flushes the input and asks for the frame's time")
    func stimulusAfterForeperiod() {
        var t = task()
        #expect(t.begin(at: .seconds(10)) == .wake(at: .seconds(11)))
        #expect(t.frame.lines.first?.text == "+")
        #expect(t.timerFired(at: .milliseconds(10_500)) == .wake(at: .seconds(11)), "an early wake-up shows nothing")
        #expect(t.timerFired(at: .seconds(11)) == .showStimulus)
        #expect(t.frame.lines.first?.text == "●")
    }

    @Test("the response time runs from the presented frame to the key's read time, not from the wake-up")
    func responseTimeFromOnset() {
        var t = task()
        _ = t.begin(at: .zero)
        respond(&t, from: .zero, lag: .milliseconds(4), rt: .milliseconds(250))
        #expect(t.trials.count == 1)
        #expect(t.trials[0].onsetMs == 1_004)
        #expect(t.trials[0].responseTimeMs == 250)
        #expect(t.trials[0].outcome == .response)
    }

    @Test("a key before the frame is presented is an anticipation, recorded and run again")
    func anticipationIsRetried() {
        var t = task(attempts: 1)
        _ = t.begin(at: .zero)
        _ = t.timerFired(at: .seconds(1))
        _ = t.keyRead(" ", at: .milliseconds(1_001))   // the stimulus is asked for but not yet on screen
        #expect(t.trials.map(\.outcome) == [.anticipation])
        _ = t.timerFired(at: .milliseconds(1_501))      // after the pause between trials: a new foreperiod
        #expect(!t.isFinished)
        respond(&t, from: .milliseconds(1_501))
        _ = t.timerFired(at: .seconds(4))
        #expect(t.trials.map(\.outcome) == [.anticipation, .response])
        #expect(t.isFinished)
    }

    @Test("no key by the timeout is a timeout; keys the task does not use are ignored")
    func timeoutAndUnusedKeys() {
        var t = task(attempts: 1, retries: 0)
        _ = t.begin(at: .zero)
        _ = t.timerFired(at: .seconds(1))
        #expect(t.framePresented(at: .seconds(1)) == .wake(at: .seconds(3)))
        #expect(t.keyRead("x", at: .milliseconds(1_200)) == .none)
        _ = t.timerFired(at: .seconds(3))
        #expect(t.trials.map(\.outcome) == [.timeout])
        _ = t.timerFired(at: .milliseconds(3_500))
        #expect(t.isFinished, "no retries left")
    }

    @Test("in a choice task the stimulus's own key is right and the other is wrong")
    func choiceKeys() {
        var t = task(attempts: 2, choices: ReactionTimeParameters.defaultChoices)
        _ = t.begin(at: .zero)
        _ = t.timerFired(at: .seconds(1))
        let first = t.frame.lines[0].text
        let right = first == "LEFT" ? "f" : "j", wrong = first == "LEFT" ? "j" : "f"
        _ = t.framePresented(at: .seconds(1))
        _ = t.keyRead(right, at: .milliseconds(1_400))
        _ = t.timerFired(at: .milliseconds(1_900))
        _ = t.timerFired(at: .milliseconds(2_900))
        let second = t.frame.lines[0].text
        _ = t.framePresented(at: .milliseconds(2_900))
        _ = t.keyRead(second == "LEFT" ? "j" : "f", at: .milliseconds(3_500))
        #expect(t.trials.map(\.correct) == [true, false])
        #expect(wrong != right)
        let values = Dictionary(uniqueKeysWithValues: t.summary.map { ($0.identifier, $0.value) })
        #expect(values["accuracy"] == .double(50))
        #expect(values["meanRTMs"] == .double(400), "choice tasks time the right answers only")
    }

    @Test("the summary holds counts and times in UCUM units, and the log has one record a trial")
    func summaryAndLog() {
        var t = task(attempts: 2)
        _ = t.begin(at: .zero)
        var end = respond(&t, from: .zero, rt: .milliseconds(200))
        _ = t.timerFired(at: end + .milliseconds(500))
        end = respond(&t, from: end + .milliseconds(500), rt: .milliseconds(300))
        _ = t.timerFired(at: end + .milliseconds(500))
        #expect(t.isFinished)
        let values = Dictionary(uniqueKeysWithValues: t.summary.map { ($0.identifier, $0) })
        #expect(values["medianRTMs"]?.value == .double(250))
        #expect(values["medianRTMs"]?.unit == "ms")
        #expect(values["responses"]?.value == .int(2))
        #expect(values["accuracy"] == nil, "simple reaction time has no wrong key")
        #expect(t.trialRecords.count == 2)
        #expect(t.trialRecords[0]["responseTimeMs"] == .double(200))
        #expect(t.trialRecords[0]["key"] == .string("Space"))
    }

    @Test("a pause voids the trial under way and starts a new foreperiod")
    func resumeStartsAgain() {
        var t = task()
        _ = t.begin(at: .zero)
        _ = t.timerFired(at: .seconds(1))
        #expect(t.resumed(at: .seconds(5)) == .wake(at: .seconds(6)))
        #expect(t.trials.isEmpty)
        #expect(t.frame.lines.first?.text == "+")
    }
}
