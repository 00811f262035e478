import Foundation
import Testing
@testable import StudyCore

/// What each keyboard task shows on its stage, and that it fits the smallest terminal's stage
/// (six lines of at most 38 columns at 40x12) with the default parameters (issue 25).
@Suite("Active task frames")
struct ActiveTaskFrameTests {
    /// Checks that `frame` fits the stage of a 40x12 terminal.
    func fitsTheSmallestStage(_ frame: StimulusFrame, _ what: String) {
        #expect(frame.lines.count <= 6, "\(what): \(frame.lines.count) lines")
        for line in frame.lines { #expect(line.text.count <= 38, "\(what): \(line.text)") }
        #expect((frame.status ?? "").count <= 38, "\(what): \(frame.status ?? "")")
    }

    @Test("Stroop draws the word in its ink, or without colour under its ink's column")
    func stroop() {
        var colour = StroopTask(parameters: StroopParameters(), practice: false, seed: 2, positionCoded: false)
        _ = colour.begin(at: .zero)
        #expect(colour.frame.lines[0].text == "+", "a fixation cross first")
        _ = colour.timerFired(at: .seconds(1))
        let word = colour.currentStimulus!
        #expect(colour.frame.lines[0].runs == [StimulusRun(word.word.word, ink: .colour(word.ink))])
        fitsTheSmallestStage(colour.frame, "stroop")
        var position = StroopTask(parameters: StroopParameters(), practice: false, seed: 2, positionCoded: true)
        _ = position.begin(at: .zero)
        _ = position.timerFired(at: .seconds(1))
        let lines = position.frame.lines.map(\.text)
        let column = StroopStimulus.Colour.allCases.firstIndex(of: word.ink)! * StroopTask.column
        let header = Array(lines[0]), row = Array(lines[1])
        #expect(String(header[column..<column + StroopTask.column]).trimmingCharacters(in: .whitespaces) == word.ink.rawValue)
        #expect(String(row[column..<column + StroopTask.column]).trimmingCharacters(in: .whitespaces) == word.word.word)
        #expect(position.frame.lines.allSatisfy { line in line.runs.allSatisfy { if case .colour = $0.ink { false } else { true } } })
        fitsTheSmallestStage(position.frame, "stroop, position-coded")
    }

    @Test("Stroop practice says whether the last answer was right")
    func stroopPractice() {
        var t = StroopTask(parameters: StroopParameters(), practice: true, seed: 2, positionCoded: false)
        #expect(t.stimuli.count == 3)
        _ = t.begin(at: .zero)
        _ = t.timerFired(at: .seconds(1))
        _ = t.framePresented(at: .seconds(1))
        _ = t.keyRead(t.currentStimulus!.ink.key, at: .seconds(2))
        #expect(t.frame.lines[0].text == "Right." && t.frame.status == "Practice · word 2 of 3")
    }

    @Test("PASAT shows the digit, then a blank, and what is typed")
    func psat() {
        var t = PASATTask(parameters: PASATParameters(), practice: false, seed: 1)
        _ = t.begin(at: .zero)
        #expect(t.frame.lines[0].text == String(t.digits[0]) && t.frame.status == "Digit 1 of 61")
        _ = t.framePresented(at: .zero)
        _ = t.timerFired(at: .seconds(1))
        #expect(t.frame.lines[0].text == " ", "the line stays, empty")
        _ = t.timerFired(at: .seconds(3))
        _ = t.keyRead("1", at: .milliseconds(3_500))
        #expect(t.frame.lines[2].text == "Sum: 1_")
        fitsTheSmallestStage(t.frame, "psat")
    }

    @Test("spatial span lights one cell, then reverses the cursor's cell and bolds the chosen")
    func spatialSpan() {
        var t = SpatialSpanTask(parameters: SpatialSpanParameters(), practice: false, seed: 3)
        _ = t.begin(at: .zero)
        let lit = t.litCell!
        let runs = t.frame.lines.flatMap(\.runs).filter { $0.ink == .highlight }
        #expect(runs.map { $0.text.trimmingCharacters(in: .whitespaces) } == [SpatialSpanParameters.label(lit)])
        fitsTheSmallestStage(t.frame, "span, playing")
        for step in 1...3 { _ = t.timerFired(at: .seconds(step)) }
        #expect(t.phase == .answering)
        let first = t.games[0].sequence[0], label = SpatialSpanParameters.label(first)
        _ = t.keyRead(label, at: .seconds(4))
        func ink(_ label: String) -> StimulusInk? {
            t.frame.lines.flatMap(\.runs).first { $0.text.trimmingCharacters(in: .whitespaces) == label }?.ink
        }
        #expect(ink(label) == .highlight, "the cursor went to the cell chosen")
        _ = t.keyRead(first % 4 == 0 ? "right" : "left", at: .seconds(4))
        #expect(ink(label) == .strong, "a chosen cell stays bold when the cursor leaves it")
        #expect(t.frame.lines.map(\.text).contains("Your turn: 2 of 3"))
        fitsTheSmallestStage(t.frame, "span, answering")
    }

    @Test("trail making puts every label on the board; reached ones go faint")
    func trailMaking() {
        var t = TrailMakingTask(parameters: TrailMakingParameters(), practice: false, seed: 8)
        _ = t.begin(at: .zero)
        let words = t.frame.lines.prefix(5).flatMap(\.runs).map { $0.text.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(Set(words) == Set(t.trail.labels))
        _ = t.keyRead("1", at: .seconds(1))
        let one = t.frame.lines.flatMap(\.runs).first { $0.text.trimmingCharacters(in: .whitespaces) == "1" }
        #expect(one?.ink == .dim)
        _ = t.keyRead("5", at: .seconds(2))
        #expect(t.frame.lines.last?.text == "Not that one: type labels in order.")
        fitsTheSmallestStage(t.frame, "trail")
    }

    @Test("Tower of Hanoi draws the towers with their disks and marks the picked one")
    func towerOfHanoi() {
        var t = TowerOfHanoiTask(parameters: TowerOfHanoiParameters(), practice: false)
        _ = t.begin(at: .zero)
        #expect(t.frame.lines[0].text.hasPrefix("  1 ┃ [3] [2] [1]"))
        _ = t.keyRead("1", at: .seconds(1))
        #expect(t.frame.lines[0].text.hasPrefix("▶ 1 ┃"))
        #expect(t.frame.lines[0].runs.first { $0.ink == .highlight }?.text == "[1]")
        _ = t.keyRead("2", at: .seconds(2))
        #expect(t.frame.lines[1].text.hasPrefix("  2 ┃ [1]"))
        #expect(t.frame.lines[4].text == "Moves: 1 · fewest possible: 7")
        fitsTheSmallestStage(t.frame, "hanoi")
    }

    @Test("after a pause the word, digit or sequence under way starts again")
    func resumed() {
        var stroop = StroopTask(parameters: StroopParameters(), practice: false, seed: 2, positionCoded: false)
        _ = stroop.begin(at: .zero)
        _ = stroop.timerFired(at: .seconds(1))
        #expect(stroop.resumed(at: .seconds(5)).wake == .at(.milliseconds(5_750)))
        #expect(stroop.currentStimulus == nil && stroop.trials.isEmpty)
        var span = SpatialSpanTask(parameters: SpatialSpanParameters(), practice: false, seed: 3)
        _ = span.begin(at: .zero)
        for step in 1...3 { _ = span.timerFired(at: .seconds(step)) }
        _ = span.keyRead(SpatialSpanParameters.label(span.games[0].sequence[0]), at: .seconds(4))
        #expect(span.games[0].entries.count == 1)
        _ = span.resumed(at: .seconds(10))
        #expect(span.games.count == 1 && span.games[0].entries.isEmpty && span.litCell == span.games[0].sequence[0])
        var psat = PASATTask(parameters: PASATParameters(), practice: false, seed: 1)
        _ = psat.begin(at: .zero)
        _ = psat.timerFired(at: .seconds(3))
        #expect(psat.resumed(at: .seconds(20)).stampFrame && psat.current == 1)
        #expect(psat.due(2) == .seconds(23), "the pace goes on from the digit shown again")
    }
}
