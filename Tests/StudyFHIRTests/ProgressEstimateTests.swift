import Foundation
import StudyCore
import Testing

@testable import StudyFHIR

/// A Questionnaire of groups: the estimate counts every screen still to come, each question
/// included, and leaves out those that enableWhen hides.
@Suite struct ProgressEstimateTests {
    static func questionnaire() -> JSONValue {
        func question(_ id: String, enableWhen: JSONValue? = nil) -> JSONValue {
            var item: [String: JSONValue] = ["linkId": .string(id), "type": "boolean", "text": .string("Question \(id)?")]
            if let enableWhen { item["enableWhen"] = enableWhen }
            return .object(item)
        }
        var groups: [JSONValue] = []
        for g in 1...3 {
            var items = (1...4).map { question("g\(g)q\($0)") }
            if g == 2 { items.append(question("g2extra", enableWhen: [["question": "g1q1", "operator": "=", "answerBoolean": true]])) }
            groups.append(["linkId": .string("g\(g)"), "type": "group", "text": .string("Part \(g)"), "item": .array(items)])
        }
        return ["resourceType": "Questionnaire", "status": "active", "url": "http://example.org/progress", "item": .array(groups)]
    }

    @Test func everyNextClimbsByOneAndTheTotalFollowsTheAnswers() throws {
        let file = FileReference(url: URL(fileURLWithPath: "/p.json"), displayName: "p.json")
        let imported = try QuestionnaireImporter().importQuestionnaire(from: Self.questionnaire(), file: file)
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        var run = TaskRun(task: imported.task, now: now, conditions: imported.conditions)
        run.start(now: now)
        // 3 group headings and 12 questions; the extra question shows only after g1q1 = yes.
        #expect(run.progress == Progress(current: 1, total: 15, isEstimated: true))
        var currents: [Int] = []
        while let step = run.currentStep {
            currents.append(run.progress?.current ?? 0)
            if let q = step.question { run.setAnswers([q.fields[0].identifier: .bool(step.identifier == "g1q1")], now: now) }
            if step.identifier == "g1q1" {
                run.goForward(now: now)
                #expect(run.progress?.total == 16, "the extra question is now to come")
                continue
            }
            run.goForward(now: now)
        }
        #expect(currents == Array(1...16))
    }
}
