import Foundation
import Testing
@testable import StudyCore

/// Timed task steps in a Sage JSON task (issue 25): types, parameters with ResearchKit's
/// defaults, the shared settings, and the errors an author sees.
@Suite("Timed step decoding")
struct TimedStepDecodingTests {
    func load(_ steps: String) throws -> LoadedTaskFile {
        let json = #"{"identifier": "t", "type": "assessment", "steps": [\#(steps)]}"#
        return try SageTaskImporter().importTask(from: try JSONParser.parse(Data(json.utf8)), file: FileReference(path: "t.json"))
    }

    func timed(_ file: LoadedTaskFile) -> TimedStep? {
        guard case .task(let task) = file.content else { return nil }
        return task.steps.steps.first?.timed
    }

    @Test("reactionTime takes ResearchKit's defaults and the shared settings")
    func reactionTimeDefaults() throws {
        let step = timed(try load(#"{"identifier": "rt", "type": "reactionTime", "untimedAlternative": "rt_q", "seed": 9, "practice": false, "spokenInstructions": {"start": "Ready"}}"#))
        guard case .reactionTime(let p)? = step?.kind else { Issue.record("not a reaction-time step"); return }
        #expect(p.numberOfAttempts == 3 && p.minimumStimulusInterval == 4 && p.maximumStimulusInterval == 10 && p.timeout == 3)
        #expect(p.responseKeys == [" "] && p.choices.isEmpty)
        #expect(step?.untimedAlternative == "rt_q" && step?.seed == 9 && step?.practice == false)
        #expect(step?.spokenInstructions == [SpokenInstruction(time: 0, text: "Ready")])
        #expect(step?.kind.typeName == "reactionTime")
    }

    @Test("choiceReactionTime reads its choices (or takes LEFT/F and RIGHT/J) and key names")
    func choices() throws {
        let given = timed(try load(#"{"identifier": "c", "type": "choiceReactionTime", "choices": [{"stimulus": "X", "key": "Space"}, {"stimulus": "O", "key": "K"}]}"#))
        guard case .reactionTime(let p)? = given?.kind else { Issue.record("not a reaction-time step"); return }
        #expect(p.choices == [.init(stimulus: "X", key: " "), .init(stimulus: "O", key: "k")])
        let defaulted = timed(try load(#"{"identifier": "c", "type": "choiceReactionTime"}"#))
        guard case .reactionTime(let d)? = defaulted?.kind else { Issue.record("not a reaction-time step"); return }
        #expect(d.choices == ReactionTimeParameters.defaultChoices)
        #expect(defaulted?.kind.typeName == "choiceReactionTime")
    }

    @Test("twoKeyTapping reads duration, hands and keys; a short duration is an error, a long one a warning")
    func tapping() throws {
        let step = timed(try load(#"{"identifier": "tap", "type": "twoKeyTapping", "duration": 15, "handOptions": "left", "leftKey": "D", "rightKey": "K"}"#))
        guard case .tapping(let p)? = step?.kind else { Issue.record("not a tapping step"); return }
        #expect(p.duration == 15 && p.hands == .left && p.leftKey == "d" && p.rightKey == "k")
        #expect(throws: TaskLoadError.self) { try load(#"{"identifier": "tap", "type": "twoKeyTapping", "duration": 3}"#) }
        let long = try load(#"{"identifier": "tap", "type": "twoKeyTapping", "duration": 30}"#)
        #expect(long.warnings.contains { $0.message.contains("10 to 20 s") })
    }

    @Test("impossible reaction-time parameters are errors naming the parameter")
    func errors() throws {
        #expect(throws: TaskLoadError.self) { try load(#"{"identifier": "rt", "type": "reactionTime", "minimumStimulusInterval": 3, "maximumStimulusInterval": 2}"#) }
        #expect(throws: TaskLoadError.self) { try load(#"{"identifier": "rt", "type": "reactionTime", "numberOfAttempts": 0}"#) }
    }

    @Test("a timed step is not restorable: a run saved during it resumes before it")
    func notRestorable() throws {
        guard case .task(let task) = try load(#"{"identifier": "rt", "type": "reactionTime"}"#).content else { return }
        #expect(task.steps.steps[0].isRestorable == false)
    }
}
