import Foundation
import StudyCore
import StudyTestSupport
import Testing
import TUIKit

/// The keyboard active tasks drawn by the real task screen at 80x24 and 40x12 (the stated
/// minimum), driven by scripted keys at scripted times on a manual clock, compared with recorded
/// snapshots (text, style layer and cursor). Re-record on purpose with SNAPSHOT_RECORD=1.
@Suite struct ActiveTaskScreenTests {
    static let sizes = [(80, 24), (40, 12)]
    let snapshots = SnapshotAssert()

    /// A task of one timed step of `type` with `parameters` (seeded, no practice round).
    static func task(_ type: String, title: String, _ parameters: String) -> String {
        """
        {"identifier": "active", "type": "assessment", "title": "Active task", "steps": [
          {"identifier": "step", "type": "\(type)", "title": "\(title)", "practice": false, "seed": 5, \(parameters)},
          {"identifier": "done", "type": "completion", "title": "All done"}]}
        """
    }

    func check(_ name: String, _ json: String, _ script: [HeadlessTerminal.Input], colors: Bool = true) throws {
        for (w, h) in Self.sizes {
            let driver = try ScreenDriver(json, width: w, height: h, script: script, colors: colors)
            if let problem = snapshots.check(driver.snapshot, named: "\(name)-\(w)x\(h)") { Issue.record(Comment(rawValue: problem)) }
        }
    }

    static let stroop = task("stroop", title: "Name the ink", #""numberOfAttempts": 10"#)

    @Test func stroopInstructions() throws { try check("stroop-instructions", Self.stroop, []) }

    @Test func stroopWordInColour() throws {
        try check("stroop-word", Self.stroop, keys(.enter) + [.wait(.seconds(1))])
    }

    @Test func stroopPositionCodedWithoutColour() throws {
        try check("stroop-position", Self.stroop, keys(.enter) + [.wait(.seconds(1))], colors: false)
    }

    @Test func tappingInstructionsAndTapsUnderWay() throws {
        let json = Self.task("twoKeyTapping", title: "Tap in turn", #""duration": 10, "handOptions": "right""#)
        try check("tapping-instructions", json, [])
        try check("tapping", json, keys(.enter) + [.wait(.milliseconds(100))] + typing("fjfj") + [.wait(.seconds(2))])
    }

    @Test func psatDigitAndTypedSum() throws {
        let json = Self.task("psat", title: "Add the digits", #""seriesLength": 5, "interStimulusInterval": 2"#)
        try check("psat", json, keys(.enter) + [.wait(.milliseconds(2_100))] + typing("1"))
    }

    @Test func spatialSpanPlayingAndAnswering() throws {
        let json = Self.task("spatialSpan", title: "Remember the places", #""initialSpan": 2"#)
        try check("span-playing", json, keys(.enter) + [.wait(.milliseconds(500))])
        try check("span-answering", json, keys(.enter) + [.wait(.milliseconds(2_100))] + keys(.right, .down))
    }

    @Test func trailMakingAfterAnError() throws {
        let json = Self.task("trailmaking", title: "Connect the labels", #""trailType": "B""#)
        try check("trail", json, keys(.enter) + [.wait(.milliseconds(100))] + typing("1A3"))
    }

    @Test func towerOfHanoiWithATowerPicked() throws {
        let json = Self.task("towerOfHanoi", title: "Move the tower", #""numberOfDisks": 4"#)
        try check("hanoi", json, keys(.enter) + [.wait(.milliseconds(100))] + typing("12") + typing("1"))
    }
}
