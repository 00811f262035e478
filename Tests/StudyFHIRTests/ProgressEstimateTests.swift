import Foundation
import StudyCore
import Testing

@testable import StudyFHIR

/// A Questionnaire of groups: the estimate counts every screen still to come, each question
/// included, and a question that enableWhen hides counts until the answers it reads rule it out:
/// the total only shrinks.
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

    /// Runs the Questionnaire answering g1q1 with `yes`; the progress at each step.
    static func walk(yes: Bool) throws -> [StudyCore.Progress] {
        let file = FileReference(url: URL(fileURLWithPath: "/p.json"), displayName: "p.json")
        let imported = try QuestionnaireImporter().importQuestionnaire(from: Self.questionnaire(), file: file)
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        var run = TaskRun(task: imported.task, now: now, conditions: imported.conditions)
        run.start(now: now)
        var seen: [StudyCore.Progress] = []
        while let step = run.currentStep {
            seen.append(run.progress ?? StudyCore.Progress(current: 0, total: 0, isEstimated: true))
            if let q = step.question { run.setAnswers([q.fields[0].identifier: .bool(step.identifier == "g1q1" && yes)], now: now) }
            run.goForward(now: now)
        }
        return seen
    }

    @Test func everyNextClimbsByOneAndTheTotalCountsAQuestionNotYetDecided() throws {
        // 3 group headings and 12 questions, and the extra question, which g1q1 decides.
        let seen = try Self.walk(yes: true)
        #expect(seen.map(\.current) == Array(1...16))
        #expect(seen.allSatisfy { $0.total == 16 }, "\(seen)")
    }

    @Test func theTotalShrinksWhenAnAnswerRulesAQuestionOutAndNeverGrows() throws {
        let seen = try Self.walk(yes: false)
        #expect(seen.map(\.current) == Array(1...15))
        #expect(seen.map(\.total) == [16, 16] + Array(repeating: 15, count: 13), "\(seen)")
    }
}
