import Foundation
import StudyCore
import StudyTestSupport
import Testing
import TUIKit

/// A timed step on the task screen, on a manual clock (issue 25): keys taken before the key map
/// with their read time, the stimulus onset from the presented frame, the input flushed before
/// the stimulus, the measurement stored in the run, refusals, and snapshots at 80x24 and 40x12.
/// Re-record on purpose with SNAPSHOT_RECORD=1.
@Suite struct TimedStepScreenTests {
    let snapshots = SnapshotAssert()

    /// One reaction trial, foreperiod exactly 1 s, then a completion step.
    static let reaction = Fixtures.v4(#"""
        {"identifier": "rt", "type": "reactionTime", "title": "Reaction time",
         "subtitle": "Watch the middle of the screen.", "practice": false, "numberOfAttempts": 1,
         "minimumStimulusInterval": 1, "maximumStimulusInterval": 1, "timeout": 2, "interTrialInterval": 0.5,
         "seed": 1},
        {"identifier": "done", "type": "completion", "title": "Thank you"}
        """#)

    func check(_ name: String, _ script: [HeadlessTerminal.Input]) throws {
        for (w, h) in [(80, 24), (40, 12)] {
            let driver = try ScreenDriver(Self.reaction, width: w, height: h, script: script)
            if let problem = snapshots.check(driver.snapshot, named: "\(name)-\(w)x\(h)") { Issue.record(Comment(rawValue: problem)) }
        }
    }

    @Test func instructionsSayTheKeysAndHowToStart() throws { try check("reaction-instructions", []) }

    @Test func theStimulusShowsOnTheStageAfterTheForeperiod() throws {
        try check("reaction-stimulus", keys(.enter) + [.wait(.seconds(1))])
    }

    @Test func aRepeatingKeyStopsTheRoundAndSaysWhy() throws {
        try check("reaction-refused", keys(.enter, .character(" "), .character(" "), .character(" "), .character(" ")))
    }

    @Test("the response time runs from the stimulus frame's presentation to the key's read time")
    func measuredResponse() throws {
        let driver = try ScreenDriver(Self.reaction, script: keys(.enter) + [.wait(.seconds(1)), .wait(.milliseconds(250))]
                                          + keys(.character(" ")) + [.wait(.seconds(1))])
        #expect(driver.text.contains("Thank you"), "the step moved on by itself")
        guard case .measurement(let m)? = driver.screen.run.result.root.findResult("rt") else {
            Issue.record("no measurement stored"); return
        }
        #expect(m.trials.count == 1)
        #expect(m.trials[0]["responseTimeMs"] == .double(250))
        #expect(m.trials[0]["onsetMs"] == .double(1_000))
        #expect(m.summary.first { $0.identifier == "medianRTMs" }?.value == .double(250))
        #expect(driver.terminal.inputFlushes >= 2, "the input is flushed at the start and before the stimulus")
    }

    @Test("Esc pauses the round and keys do nothing until Enter resumes it")
    func escPauses() throws {
        let driver = try ScreenDriver(Self.reaction, script: keys(.enter, .escape) + [.wait(.seconds(3))] + keys(.character(" ")))
        #expect(driver.text.contains("Paused"))
        guard case .timed(let t)? = driver.screen.controller else { Issue.record("not on the timed step"); return }
        #expect(t.phase == .paused)
    }

    @Test("a terminal below the step's minimum refuses to start, and Enter records the skip with the reason")
    func tooSmallRefuses() throws {
        let json = Self.reaction.replacingOccurrences(of: #""seed": 1"#, with: #""seed": 1, "minimumSize": {"width": 60, "height": 20}"#)
        let driver = try ScreenDriver(json, width: 50, height: 16, script: keys(.enter))
        #expect(driver.text.contains("too small"))
        let done = try ScreenDriver(json, width: 50, height: 16, script: keys(.enter, .enter))
        guard case .base(let b)? = done.screen.run.result.root.findResult("rt") else { Issue.record("no result"); return }
        #expect(b.skipReason?.contains("too small") == true)
    }
}
