import Foundation
import StudyCore
import Testing

@testable import StudyFHIR

/// A generated questionnaire for timing: `groups` groups of `perGroup` integer questions; each
/// question is enabled when the one before it (in its group) has an answer above 0, and the first
/// question of each group when the previous group's first one does.
enum LargeQuestionnaire {
    static func make(groups: Int, perGroup: Int) -> JSONValue {
        var items: [JSONValue] = []
        for g in 0..<groups {
            var children: [JSONValue] = []
            for k in 0..<perGroup {
                var item: [String: JSONValue] = ["linkId": .string(id(g, k)), "type": "integer", "text": .string("Question \(g).\(k)")]
                let previous = k > 0 ? id(g, k - 1) : (g > 0 ? id(g - 1, 0) : nil)
                if let previous {
                    item["enableWhen"] = [["question": .string(previous), "operator": ">", "answerInteger": 0]]
                }
                children.append(.object(item))
            }
            items.append(["linkId": .string("g\(g)"), "type": "group", "text": .string("Group \(g)"), "item": .array(children)])
        }
        return Fixtures.questionnaire(items)
    }

    static func id(_ g: Int, _ k: Int) -> String { "q\(g)-\(k)" }
}

/// Behaviour of the engine at benchmark size: everything imports and one answer cascades through
/// exactly the dependent items. Timings are reported by `studyterm-bench fhir`, not asserted here.
@Suite(.serialized) struct LargeQuestionnaireTests {
    private func ms(_ start: ContinuousClock.Instant) -> Double {
        let d = ContinuousClock.now - start
        return Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
    }

    @Test func fiveThousandItemsImportAndReactToOneAnswerIncrementally() throws {
        let json = LargeQuestionnaire.make(groups: 50, perGroup: 100)
        let t0 = ContinuousClock.now
        let imported = try QuestionnaireImporter().importQuestionnaire(from: json, file: FileReference(url: URL(fileURLWithPath: "/tmp/large.json")))
        let first = try #require(imported.task.steps.steps.first)
        _ = imported.conditions.isStepEnabled(first.identifier, answers: AnswerSnapshot())
        let importMs = ms(t0)
        #expect(imported.model.table.items.count == 5050)

        var all: [String: JSONValue] = [:]
        for g in 0..<50 { for k in 0..<100 { all[LargeQuestionnaire.id(g, k)] = 1 } }
        var engine = QuestionnaireEngine(model: imported.model, answers: all)
        #expect(engine.isEnabled(LargeQuestionnaire.id(49, 99)))

        var rng = SystemRandomNumberGenerator()
        var times: [Double] = []
        for round in 0..<2000 {
            let id = LargeQuestionnaire.id(Int.random(in: 0..<50, using: &rng), Int.random(in: 0..<100, using: &rng))
            let value: JSONValue = round % 10 == 0 ? 0 : .int(Int.random(in: 1...5, using: &rng))
            let t = ContinuousClock.now
            engine.answerChanged(id, value: value)
            times.append(ms(t))
            engine.answerChanged(id, value: 1)
        }
        times.sort()
        let p95 = times[times.count * 95 / 100], worstRandom = times.last!
        let t1 = ContinuousClock.now
        let changed = engine.answerChanged(LargeQuestionnaire.id(0, 0), value: 0)
        let cascadeMs = ms(t1)
        #expect(changed.count == 4999)
        _ = (importMs, p95, worstRandom, cascadeMs)
    }

    /// The process's peak resident memory (Linux `VmHWM`), for the printed report.
    static func peakMemory() -> String {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return "unknown" }
        return line.dropFirst(6).trimmingCharacters(in: .whitespaces)
    }
}
