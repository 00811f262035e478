import Foundation
import StudyCore
import StudyTestSupport
import Testing

/// The keyboard active-task step types in a Sage task file: each decodes to its kind with its
/// parameters, names its measurement, and the demo's "Reaction and memory" loads clean (issue 25).
@Suite("Keyboard task decoding")
struct KeyboardTaskDecodingTests {
    /// The timed steps of a task file whose steps are `steps` (JSON objects).
    func timedSteps(_ steps: String) throws -> [TimedStep] {
        let json = #"{"identifier": "t", "type": "assessment", "steps": ["# + steps + "]}"
        let loaded = try TaskFileLoader().load(data: Data(json.utf8), file: FileReference(path: "t.json"))
        #expect(loaded.warnings.isEmpty, "\(loaded.warnings)")
        return try #require(loaded.task).steps.steps.compactMap(\.timed)
    }

    @Test("each type decodes to its kind, with its parameters and its measurement type")
    func everyType() throws {
        let steps = try timedSteps("""
            {"identifier": "a", "type": "stroop", "numberOfAttempts": 12, "colourMode": "position"},
            {"identifier": "b", "type": "psat", "interStimulusInterval": 2, "seriesLength": 30},
            {"identifier": "c", "type": "spatialSpan", "initialSpan": 4, "practice": false},
            {"identifier": "d", "type": "trailmaking", "trailType": "B", "seed": 9},
            {"identifier": "e", "type": "towerOfHanoi", "numberOfDisks": 4}
            """)
        #expect(steps.map(\.kind.typeName) == ["stroop", "psat", "spatialSpan", "trailmaking", "towerOfHanoi"])
        guard case .stroop(let stroop) = steps[0].kind, case .psat(let psat) = steps[1].kind,
              case .spatialSpan(let span) = steps[2].kind, case .trailMaking(let trail) = steps[3].kind,
              case .towerOfHanoi(let hanoi) = steps[4].kind else { Issue.record("wrong kinds"); return }
        #expect(stroop.numberOfAttempts == 12 && stroop.colourMode == .position)
        #expect(psat.interStimulusInterval == 2 && psat.seriesLength == 30)
        #expect(span.rules.initialSpan == 4 && !steps[2].practice)
        #expect(trail.trailType == .b && steps[3].seed == 9)
        #expect(hanoi.numberOfDisks == 4)
    }

    @Test("a span grid of more than four rows asks for a taller terminal, so that it is never cut")
    func tallGrid() throws {
        let steps = try timedSteps("""
            {"identifier": "a", "type": "spatialSpan", "rows": 6, "columns": 4},
            {"identifier": "b", "type": "spatialSpan"},
            {"identifier": "c", "type": "spatialSpan", "rows": 5, "minimumSize": {"height": 20}}
            """)
        #expect(steps.map(\.minimumHeight) == [14, 12, 20])
        var grid = SpatialSpanParameters()
        grid.rows = 6
        var t = SpatialSpanTask(parameters: grid, practice: false, seed: 1)
        _ = t.begin(at: .zero)
        #expect(t.frame.lines.count == 14 - 6, "six rows and two of guidance fill the stage of a 14-row terminal (rows 4 to 11)")
    }

    @Test("a value outside its limits stops the file with the step's path")
    func invalid() {
        let json = #"{"identifier": "t", "type": "assessment", "steps": [{"identifier": "a", "type": "stroop", "numberOfAttempts": 3}]}"#
        #expect(throws: TaskLoadError.self) { try TaskFileLoader().load(data: Data(json.utf8), file: FileReference(path: "t.json")) }
    }

    @Test("without colour a Stroop round is position-coded unless the step asks for colour")
    func colourMode() {
        var p = StroopParameters()
        let kind = TimedTaskKind.stroop(p)
        #expect((kind.makeLogic(practice: false, seed: 1, colorsAvailable: false) as? StroopTask)?.positionCoded == true)
        #expect((kind.makeLogic(practice: false, seed: 1, colorsAvailable: true) as? StroopTask)?.positionCoded == false)
        p.colourMode = .colour
        #expect((TimedTaskKind.stroop(p).makeLogic(practice: false, seed: 1, colorsAvailable: false) as? StroopTask)?.positionCoded == false)
        p.colourMode = .position
        #expect((TimedTaskKind.stroop(p).makeLogic(practice: false, seed: 1, colorsAvailable: true) as? StroopTask)?.positionCoded == true)
    }

    @Test("the demo's Reaction and memory loads without warnings: reaction time, spatial span, Stroop")
    func demoTask() throws {
        let url = RepositoryResources.folder.appendingPathComponent("demo-study/tasks/reaction-and-memory.json")
        let loaded = try TaskFileLoader().load(path: url.path)
        #expect(loaded.warnings.isEmpty, "\(loaded.warnings)")
        let kinds = try #require(loaded.task).steps.steps.compactMap(\.timed).map(\.kind.typeName)
        #expect(kinds == ["reactionTime", "spatialSpan", "stroop"])
    }
}
