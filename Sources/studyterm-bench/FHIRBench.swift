import Foundation
import StudyTermKit
import StudyCore
import StudyFHIR

/// A generated Questionnaire with enableWhen chains: import and first screen, then the cost of
/// re-evaluating enablement and calculations after one answer (incremental, not a rescan).
struct FHIRBench: StudyTermCommand {
    static let spec = CommandSpec(
        program: "studyterm-bench", path: ["fhir"], abstract: "Import and incremental re-evaluation of a large Questionnaire.",
        options: [.value("groups", "Groups of questions (default: 50)."),
                  .value("per-group", "Questions per group (default: 100)."),
                  .value("changes", "Answer changes to time (default: 5000).")])

    let groups: Int
    let perGroup: Int
    let changes: Int

    init(_ arguments: ParsedArguments) throws(UsageError) {
        groups = try arguments.integer("groups", default: 50)
        perGroup = try arguments.integer("per-group", default: 100)
        changes = try arguments.integer("changes", default: 5_000)
    }

    func run() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("studyterm-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("large-questionnaire.json")
        try Data(Self.questionnaire(groups: groups, perGroup: perGroup).compactJSON.utf8).write(to: file)

        let t0 = CoreBench.clock()
        let loaded = try TaskSource.loadTask(file.path)
        guard let first = loaded.task.steps.steps.first, let model = (loaded.export as? QuestionnaireExport)?.model else {
            throw CLIError(message: "the generated questionnaire did not load", code: CLIError.Code.runStopped)
        }
        var run = TaskRun(task: loaded.task, now: Date(), conditions: loaded.conditions)
        run.start(now: Date())
        _ = first
        let importMs = (CoreBench.clock() - t0) * 1000

        var all: [String: JSONValue] = [:]
        for g in 0..<groups { for k in 0..<perGroup { all[Self.id(g, k)] = 1 } }
        var engine = QuestionnaireEngine(model: model, answers: all)
        var generator = SystemRandomNumberGenerator()
        var times: [Double] = []
        times.reserveCapacity(changes)
        for round in 0..<changes {
            let id = Self.id(Int.random(in: 0..<groups, using: &generator), Int.random(in: 0..<perGroup, using: &generator))
            let value: JSONValue = round % 10 == 0 ? 0 : .int(Int.random(in: 1...5, using: &generator))
            let t = CoreBench.clock()
            _ = engine.answerChanged(id, value: value)
            times.append((CoreBench.clock() - t) * 1000)
            _ = engine.answerChanged(id, value: 1)
        }
        times.sort()
        let importPeak = CoreBench.peakMemoryMB()   // before the headless run, which holds a whole result
        let headless = try Self.headlessSeconds(groups: 100, perGroup: 100)
        Console.out("FHIR benchmark: \(groups * perGroup + groups) items (enableWhen chains), \(changes) answer changes")
        Console.out("| measure | value | target |")
        Console.out("|---|---|---|")
        Console.out("| import + first screen | \(String(format: "%.1f", importMs)) ms | < 200 ms |")
        Console.out("| re-evaluation after one answer, p95 | \(String(format: "%.3f", times[times.count * 95 / 100])) ms | < 1 ms |")
        Console.out("| re-evaluation after one answer, median | \(String(format: "%.3f", times[times.count / 2])) ms | |")
        Console.out("| headless run of 10,100 items (every item answered, enableWhen chains) | \(String(format: "%.0f", headless * 1000)) ms | < 1000 ms |")
        Console.out("| peak memory (whole process) before the headless run | \(String(format: "%.1f", importPeak)) MB | < 64 MB |")
        Console.out("| peak memory after it | \(String(format: "%.1f", CoreBench.peakMemoryMB())) MB | |")
    }

    static func id(_ g: Int, _ k: Int) -> String { "q\(g)-\(k)" }

    /// A scripted run (`check --answers`) of the generated Questionnaire with every item answered.
    static func headlessSeconds(groups: Int, perGroup: Int) throws -> Double {
        let imported = try QuestionnaireImporter().importQuestionnaire(
            from: questionnaire(groups: groups, perGroup: perGroup), file: FileReference(path: "large-questionnaire.json"))
        var map: [String: JSONValue] = [:]
        for g in 0..<groups { for k in 0..<perGroup { map[id(g, k)] = 1 } }
        let t0 = CoreBench.clock()
        let outcome = HeadlessRunner(task: imported.task, conditions: imported.conditions).run(.answers(map))
        guard outcome.error == nil, outcome.run.finishReason == .completed else {
            throw CLIError(message: "the headless run stopped: \(outcome.error?.message ?? "not completed")", code: CLIError.Code.runStopped)
        }
        return CoreBench.clock() - t0
    }

    /// Each question is enabled when the one before it in its group is above 0; each group's first
    /// question when the previous group's first one is.
    static func questionnaire(groups: Int, perGroup: Int) -> JSONValue {
        var items: [JSONValue] = []
        for g in 0..<groups {
            var children: [JSONValue] = []
            for k in 0..<perGroup {
                var item: [String: JSONValue] = ["linkId": .string(id(g, k)), "type": "integer", "text": .string("Question \(g).\(k)")]
                if let previous = k > 0 ? id(g, k - 1) : (g > 0 ? id(g - 1, 0) : nil) {
                    item["enableWhen"] = [["question": .string(previous), "operator": ">", "answerInteger": 0]]
                }
                children.append(.object(item))
            }
            items.append(["linkId": .string("g\(g)"), "type": "group", "text": .string("Group \(g)"), "item": .array(children)])
        }
        return ["resourceType": "Questionnaire", "id": "large", "status": "active", "url": "http://example.org/Questionnaire/large", "item": .array(items)]
    }
}
