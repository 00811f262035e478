import Foundation
import StudyCore
import Testing

@testable import StudyFHIR

/// A QuestionnaireResponse used as prefill for its Questionnaire, run headlessly without changing
/// anything, and exported again; and the answer-by-answer comparison of the two responses.
enum RoundTrip {
    /// What one round trip gave.
    struct Outcome {
        /// The response exported after the run.
        var rebuilt: JSONValue
        /// What reading the response reported.
        var diagnostics: [Diagnostic]
        /// Why the run stopped early, if it did.
        var error: String?
        /// Problems the export reported.
        var problems: [Diagnostic]
    }

    /// Prefills `questionnaire` with `response`, runs it to the end with no new answers and exports it.
    static func run(_ questionnaire: JSONValue, _ response: JSONValue, file: String = "q.json") throws -> Outcome {
        let prefilled = try QuestionnaireImporter().importQuestionnaire(
            from: questionnaire, file: FileReference(path: file), prefilledWith: response, responseFile: "response.json")
        var runner = HeadlessRunner(task: prefilled.imported.task, conditions: prefilled.imported.conditions)
        runner.prefillAnswers = prefilled.reading.answers
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let outcome = runner.run(.answers([:]), clock: { start })
        let built = QuestionnaireResponseBuilder(model: prefilled.imported.model, timeZone: TimeZone(identifier: "UTC")!)
            .build(result: outcome.run.result)
        return Outcome(rebuilt: built.resource, diagnostics: prefilled.reading.diagnostics, error: outcome.error?.message,
                       problems: built.problems)
    }

    /// Every answer of a response, one line each: the linkId path (with the repetition of each
    /// repeated item), the answer's position and its value; answers' nested items follow them.
    /// `text` is left out (an export copies it from the Questionnaire), and so are the linkIds in `dropping`.
    static func answers(_ response: JSONValue, dropping: Set<String> = []) -> [String] {
        var out: [String] = []
        func walk(_ items: [JSONValue], _ path: String) {
            var seen: [String: Int] = [:]
            for item in items {
                let id = item["linkId"]?.stringValue ?? "?"
                if dropping.contains(id) { continue }
                let n = seen[id, default: 0]
                seen[id] = n + 1
                let here = path + "/" + id + "[\(n)]"
                for (k, a) in (item["answer"]?.arrayValue ?? []).enumerated() {
                    var value = a
                    if case .object(var o) = a { o["item"] = nil; value = .object(o) }
                    out.append("\(here) answer[\(k)] = \(value.compactJSON)")
                    walk(a["item"]?.arrayValue ?? [], here + ".answer[\(k)]")
                }
                walk(item["item"]?.arrayValue ?? [], here)
            }
        }
        walk(response["item"]?.arrayValue ?? [], "")
        return out
    }

    /// Expects the two responses to give the same answers, naming the first that differs.
    static func expectSameAnswers(_ before: JSONValue, _ after: JSONValue, dropping: Set<String> = [],
                                  sourceLocation: SourceLocation = #_sourceLocation) {
        let a = answers(before, dropping: dropping), b = answers(after, dropping: dropping)
        for (x, y) in zip(a, b) where x != y {
            Issue.record("first difference:\n  before: \(x)\n  after:  \(y)", sourceLocation: sourceLocation)
            return
        }
        if a.count != b.count {
            let extra = a.count > b.count ? "lost: \(a[b.count])" : "added: \(b[a.count])"
            Issue.record("\(a.count) answers before, \(b.count) after; first \(extra)", sourceLocation: sourceLocation)
        }
        #expect(!a.isEmpty, "the response gave no answers to compare", sourceLocation: sourceLocation)
    }
}
