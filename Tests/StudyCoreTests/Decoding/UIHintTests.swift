import Foundation
import Testing
@testable import StudyCore

/// AssessmentModel puts `uiHint` on the question: a Likert scale is a list of its points with the
/// ends labelled, a slider keeps its labels, and a plain number field still says what its ends mean.
@Suite struct UIHintTests {
    static let json = #"""
        {"identifier": "hints", "type": "assessment", "steps": [
          {"type": "simpleQuestion", "identifier": "likert", "title": "How much do you like apples on a scale of 1 to 5?",
           "uiHint": "likert", "inputItem": {"type": "integer", "formatOptions": {"maximumLabel": "Very much", "maximumValue": 5,
           "minimumLabel": "Not at all", "minimumValue": 1}}},
          {"type": "simpleQuestion", "identifier": "slider", "title": "As a number between 0 and 1?", "uiHint": "slider",
           "inputItem": {"type": "number", "formatOptions": {"maximumLabel": "Very much", "maximumValue": 1,
           "minimumLabel": "Not at all", "minimumValue": 0}}},
          {"type": "simpleQuestion", "identifier": "plain", "title": "How many?",
           "inputItem": {"type": "integer", "formatOptions": {"minimumValue": 1, "maximumValue": 7,
           "minimumLabel": "Not at all", "maximumLabel": "Extremely"}}}]}
        """#

    func editor(_ id: String) throws -> FieldEditor {
        let file = FileReference(url: URL(fileURLWithPath: "/h.json"), displayName: "h.json")
        let task = try #require(try TaskFileLoader().load(data: Data(Self.json.utf8), file: file).task)
        return FieldEditor(field: try #require(task.steps.step(StepID(id))?.question?.fields.first))
    }

    @Test func aStepLevelLikertHintIsAListOfItsPointsWithLabelledEnds() throws {
        var e = try editor("likert")
        guard case .choice(let list) = e.state else { Issue.record("a Likert scale is a list, not \(e.state)"); return }
        #expect(list.choices.map(\.text) == ["1 – Not at all", "2", "3", "4", "5 – Very much"])
        _ = e.apply(.choose(3), context: EditContext(now: Date()))
        #expect(e.rawValue == 4)
        #expect(e.validated(by: AnswerValidator(now: Date())) == .success(4))
    }

    @Test func aStepLevelSliderHintIsASliderWithItsLabels() throws {
        let e = try editor("slider")
        guard case .slider(let s) = e.state else { Issue.record("not a slider: \(e.state)"); return }
        #expect(s.minimumLabel == "Not at all" && s.maximumLabel == "Very much")
    }

    @Test func aPlainNumberFieldKeepsItsLabels() throws {
        let e = try editor("plain")
        guard case .integer(let o) = e.field.kind else { Issue.record("not an integer"); return }
        #expect(o.minimumLabel == "Not at all" && o.maximumLabel == "Extremely")
    }
}
