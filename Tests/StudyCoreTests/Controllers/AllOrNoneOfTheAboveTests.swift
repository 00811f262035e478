import Foundation
import StudyCore
import Testing

/// AssessmentModel's `selectorType`: "all" ticks every option and stores them all; "none" clears
/// the ticks.
@Suite struct AllOrNoneOfTheAboveTests {
    static let json = #"""
        {"identifier": "t", "type": "assessment", "steps": [
         {"identifier": "symptoms", "type": "choiceQuestion", "title": "Which?", "singleChoice": false, "baseType": "integer",
          "optional": false, "choices": [{"text": "Cough", "value": 1}, {"text": "Fever", "value": 2}, {"text": "Rash", "value": 3},
          {"text": "All of the above", "selectorType": "all"}, {"text": "None of the above", "selectorType": "none"}]}]}
        """#
    let context = EditContext(now: Date(timeIntervalSince1970: 0))

    func editor() throws -> FieldEditor {
        let file = FileReference(url: URL(fileURLWithPath: "/t.json"), displayName: "t.json")
        let task = try #require(try TaskFileLoader().load(data: Data(Self.json.utf8), file: file).task)
        return FieldEditor(field: try #require(task.steps.steps.first?.question?.fields.first))
    }

    func ticked(_ e: FieldEditor) -> [Int] {
        guard case .choice(let c) = e.state else { return [] }
        return c.selected.sorted()
    }

    @Test func allOfTheAboveTicksEveryOptionAndStoresEveryValue() throws {
        var e = try editor()
        _ = e.apply(.choose(3), context: context)
        #expect(ticked(e) == [0, 1, 2, 3])
        #expect(e.rawValue == [1, 2, 3])
        #expect(e.validated(by: AnswerValidator(now: Date())) == .success([1, 2, 3]))
    }

    @Test func untickingOneOptionUnticksAllOfTheAboveAndUntickingItUnticksEverything() throws {
        var e = try editor()
        _ = e.apply(.choose(3), context: context)
        _ = e.apply(.choose(1), context: context)
        #expect(ticked(e) == [0, 2])
        _ = e.apply(.choose(1), context: context)
        #expect(ticked(e) == [0, 1, 2, 3], "ticking the last one ticks All of the above again")
        _ = e.apply(.choose(3), context: context)
        #expect(ticked(e).isEmpty)
        #expect(e.rawValue == .null)
    }

    @Test func noneOfTheAboveClearsTheTicksAndIsAnAnswer() throws {
        var e = try editor()
        _ = e.apply(.choose(3), context: context)
        _ = e.apply(.choose(4), context: context)
        #expect(ticked(e) == [4])
        #expect(e.rawValue == [])
        #expect(e.validated(by: AnswerValidator(now: Date())) == .success([]), "a required question answered with none")
        _ = e.apply(.choose(0), context: context)
        #expect(ticked(e) == [0])
    }
}

extension AllOrNoneOfTheAboveTests {
    @Test func typedNumbersTickAsTheKeysDo() throws {
        var e = try editor()
        _ = e.apply(.setText("4"), context: context)
        #expect(e.rawValue == [1, 2, 3])
        _ = e.apply(.setText("5"), context: context)
        #expect(e.rawValue == [])
    }
}
