import Foundation
import StudyTestSupport
import Testing
@testable import StudyCore

/// EXPECTED-navigation.md section A, one test per upstream case.
@Suite struct TaskControllerNavigationTests {
    @Test func a1ForwardFromStep2ShowsStep3() throws {
        var d = try StepDriver(json: SEC7.json())
        d.forward(to: "step2")
        d.forward()
        #expect(d.path == "step3")
        #expect(d.run.result.root.path.last?.direction == .forward)
        #expect(d.history == ["introduction", "step1", "step2", "step3"])
    }

    @Test func a2ForwardInsideASection() throws {
        var d = try StepDriver(json: SEC7.json())
        d.forward(to: "step5/stepX")
        d.forward()
        #expect(d.path == "step5/stepY")
        #expect(d.run.currentSectionPath == ["step5"])
        #expect(d.history(of: "step5") == ["stepX", "stepY"])
    }

    @Test func a3ForwardFromTheLastChildEntersTheNextSection() throws {
        var d = try StepDriver(json: SEC7.json())
        d.forward(to: "step5/stepZ")
        d.forward()
        #expect(d.path == "step6/stepA")
        #expect(d.history(of: "step6") == ["stepA"])
    }

    @Test func a4BackFromTheFirstChildReentersThePreviousSection() throws {
        var d = try StepDriver(json: SEC7.json())
        d.forward(to: "step5/stepX")
        #expect(d.run.levels[0].result.stepHistory.map(\.identifier) == ["introduction", "step1", "step2", "step3", "step4"])
        d.back()
        #expect(d.path == "step4/stepC")
        #expect(d.run.result.root.path.count >= 4)
        #expect(d.run.levels.last?.result.path.last?.direction == .backward)
        #expect(d.run.currentSectionPath == ["step4"])
        #expect(d.history(of: "step4") == ["stepA", "stepB", "stepC"])
    }

    @Test func a5BackInsideASectionGrowsItsHistory() throws {
        var d = try StepDriver(json: SEC7.json())
        d.forward(to: "step5/stepZ")
        d.back()
        #expect(d.path == "step5/stepY")
        #expect(d.history(of: "step5") == ["stepX", "stepY", "stepZ", "stepY"])
    }

    @Test func a6BackKeepsLeftAnswersForPrefill() throws {
        var d = try StepDriver(json: SEC7.json())
        d.forward(to: "step3")
        #expect(d.run.result.root.path.map(\.identifier.rawValue) == ["introduction", "step1", "step2", "step3"])
        d.back()
        #expect(d.path == "step2")
        #expect(d.run.result.root.path.map(\.identifier.rawValue) == ["introduction", "step1", "step2"])
        #expect(d.history == ["introduction", "step1", "step2", "step3", "step2"])
        #expect(d.run.previousResults["step2"]?.singleValue == "step2")
        #expect(d.run.previousResults["step3"] != nil)
        #expect(d.run.currentAnswers["step2"] == "step2")  // prefilled from the earlier answer
    }

    @Test func a7JumpToAStepWithAResultIsReverse() throws {
        var d = try StepDriver(json: SEC7.json(extra: ["step4/stepB": #","nextStepIdentifier":"stepA""#]))
        d.forward(to: "step4/stepB")
        d.forward()
        #expect(d.path == "step4/stepA")
        #expect(d.run.levels.last?.result.path.last?.direction == .backward)
    }

    @Test func a8JumpOutOfASectionToAParentStep() throws {
        var d = try StepDriver(json: SEC7.json(extra: ["step4/stepB": #","nextStepIdentifier":"step1""#]))
        d.forward(to: "step4/stepB")
        d.forward()
        #expect(d.path == "step1")
        #expect(d.run.result.root.path.last?.direction == .backward)
    }

    @Test func a9JumpOutOfASectionIntoAnEarlierSection() throws {
        let s4 = SEC7.section("step4", ["stepX", "stepY", "stepZ"].map { SEC7.leaf($0) })
        let s5 = SEC7.section("step5", [SEC7.leaf("stepA"), SEC7.leaf("stepB", #","nextStepIdentifier":"step4""#), SEC7.leaf("stepC")])
        let s6 = SEC7.section("step6", ["L", "M", "N", "O"].map { SEC7.leaf($0) })
        let json = #"{"identifier":"t","type":"assessment","steps":[\#(SEC7.leaf("step1")),\#(s4),\#(s5),\#(s6)]}"#
        var d = try StepDriver(json: json)
        d.forward(to: "step5/stepB")
        d.forward()
        #expect(d.path == "step4/stepX")
        #expect(d.run.levels[0].result.pathIdentifiers == ["step1"])  // the reverse jump truncated the route
    }

    @Test func a10JumpFromStep7IntoStep5StartsAtItsFirstChild() throws {
        var d = try StepDriver(json: SEC7.json(extra: ["step7": #","nextStepIdentifier":"step5""#]))
        d.forward(to: "step7")
        d.forward()
        #expect(d.path == "step5/stepX")
    }

    @Test func a11CustomOrderWithASkipRuleAndJumps() throws {
        // step1 is skipped while step2 has no result: a before-cohort rule on a cohort that step2's answer clears.
        let json = #"""
        {"identifier":"t","type":"assessment","steps":[
          {"identifier":"introduction"},
          {"identifier":"step1","nextStepIdentifier":"step3","beforeCohortRules":[{"requiredCohorts":["noStep2"]}]},
          {"identifier":"step2","type":"simpleQuestion","inputItem":{"type":"string"},"nextStepIdentifier":"step1",
           "surveyRules":[{"ruleOperator":"de","cohort":"noStep2"}]},
          {"identifier":"step3"},{"identifier":"step4"}]}
        """#
        var d = try StepDriver(json: json, cohorts: ["noStep2"])
        var order = [d.path!]
        var directions: [PathMarker.Direction] = []
        while !d.run.isFinished, order.count < 4 {
            d.forward()
            if let p = d.path { order.append(p); directions.append(d.run.result.root.path.last!.direction) }
        }
        #expect(order == ["introduction", "step2", "step1", "step3"])
        #expect(directions.allSatisfy { $0 == .forward })
    }

    @Test func a12AbbreviatedInstructionsSkipFullInstructionSteps() throws {
        let full = #","fullInstructionsOnly":true"#
        var d = try StepDriver(json: SEC7.json(extra: ["step1": full, "step5/stepX": full, "step5/stepY": full]), abbreviated: true)
        while !d.run.isFinished { d.forward() }
        #expect(d.history == ["introduction", "step2", "step3", "step4", "step5", "step6", "step7", "completion"])
        #expect(d.history(of: "step5") == ["stepZ"])
    }

    @Test func a13ARuleBeforeTheFirstStepSkipsIt() throws {
        let json = #"{"identifier":"t","steps":[{"identifier":"step1","beforeCohortRules":[{"requiredCohorts":["a"],"skipToIdentifier":"step2"}]},{"identifier":"step2"},{"identifier":"step3"},{"identifier":"step4"}]}"#
        let d = try StepDriver(json: json, cohorts: ["a"])
        #expect(d.path == "step2")
        #expect(d.run.canGoBack == false)
        #expect(d.run.hasStepAfter)
        #expect(d.history == ["step2"])
    }

    @Test func a14AStepTheConditionsRefuseIsLeftOut() throws {
        let json = #"{"identifier":"t","steps":[{"identifier":"introduction"},{"identifier":"step1"},{"identifier":"step2"},{"identifier":"step3"},{"identifier":"step4"},{"identifier":"step5"},{"identifier":"completion"}]}"#
        var d = try StepDriver(json: json, conditions: RefuseSteps(ids: ["step3"]))
        while !d.run.isFinished { d.forward() }
        #expect(d.history == ["introduction", "step1", "step2", "step4", "step5", "completion"])
    }

    @Test func a15SkippedStepsCanStillSupplyAResult() throws {
        let json = #"{"identifier":"t","type":"assessment","steps":[{"identifier":"introduction"},"# +
            ["step1", "step2", "step3", "step4", "step5"].map { SEC7.leaf($0) }.joined(separator: ",") +
            #",{"identifier":"completion"}]}"#
        var d = try StepDriver(json: json, conditions: RefuseSteps(ids: ["step2", "step4"], preset: "foo"))
        while !d.run.isFinished { d.forward() }
        #expect(d.history == ["introduction", "step1", "step2", "step3", "step4", "step5", "completion"])
        #expect(d.run.result.root.findResult("step2")?.singleValue == "foo")
        #expect(d.run.result.root.findResult("step4")?.singleValue == "foo")
    }

    @Test func a16AbandonFinishesAtOnceAsCompleted() throws {
        var d = try StepDriver(json: SEC7.json(completionType: "completion"))
        d.forward(to: "step5/stepY")
        d.run.abandon(now: d.clock.now())
        #expect(d.run.finishReason == .completed)
        #expect(d.run.result.root.asyncResults.contains { $0.identifier == "abandonAssessment" })
        guard case .section(let s5)? = d.run.result.root.findResult("step5") else {
            Issue.record("step5 missing")
            return
        }
        #expect(s5.asyncResults.contains { $0.identifier == "abandonAssessment" })
    }
}

/// Conditions that refuse some steps, optionally supplying a preset answer for them.
struct RefuseSteps: TaskConditions {
    var ids: Set<String>
    var preset: JSONValue?
    func isStepEnabled(_ step: StepID, answers: AnswerSnapshot) -> Bool { !ids.contains(step.rawValue) }
    func isFieldEnabled(_ field: String, answers: AnswerSnapshot) -> Bool { true }
    func calculatedValues(answers: AnswerSnapshot) -> [String: JSONValue] { [:] }
    func presetAnswer(for step: StepID, answers: AnswerSnapshot) -> JSONValue? { ids.contains(step.rawValue) ? preset : nil }
}
