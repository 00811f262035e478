import Foundation
import StudyTermKit
import StudyCore
import StudyTUI
import TUIKit

/// `studyterm-bench screen`: the task screen's own cost per key (update plus a full render into
/// an 80x24 canvas), headless, for a text field and a 20-option list.
struct ScreenBench: StudyTermCommand {
    static let spec = CommandSpec(
        program: "studyterm-bench", path: ["screen"], abstract: "Task screen update and render per key, headless.",
        options: [.value("keys", "Keys per measure (default: 5000).")])

    let keys: Int

    init(_ arguments: ParsedArguments) throws(UsageError) {
        keys = try arguments.integer("keys", default: 5000)
    }

    func run() throws {
        let text = #"{"identifier":"t","type":"assessment","steps":[{"identifier":"name","type":"simpleQuestion","title":"Name:","inputItem":{"type":"string"}}]}"#
        let choices = (1...20).map { #"{"text":"Option \#($0)","value":\#($0)}"# }.joined(separator: ",")
        let list = #"{"identifier":"l","type":"assessment","steps":[{"identifier":"pick","type":"choiceQuestion","title":"Pick one","baseType":"integer","singleChoice":true,"choices":[\#(choices)]}]}"#
        Console.out("| measure | per key |")
        Console.out("|---|---|")
        Console.out("| typing into a text field | \(try Self.measure(text, keys: keys) { i in i % 40 < 20 ? .character("a") : .backspace }) µs |")
        Console.out("| moving in a 20-option list | \(try Self.measure(list, keys: keys) { i in i % 38 < 19 ? .down : .up }) µs |")
        let (first, next) = Self.filterKeys(options: 100_000)
        Console.out("| filter of a 100,000-option list: first key, next key (core only) | \(first) µs, \(next) µs |")
    }

    static func measure(_ json: String, keys: Int, key: (Int) -> Key) throws -> String {
        let file = FileReference(url: URL(fileURLWithPath: "/bench.json"), displayName: "bench.json")
        let task = try TaskFileLoader().load(data: Data(json.utf8), file: file).task!
        var run = TaskRun(task: task, now: Date())
        run.start(now: Date())
        let env = TaskEnvironment(now: { Date() }, uptime: { 0 })
        var screen = TaskScreen(run: run, size: Size(width: 80, height: 24), environment: env)
        var canvas = Canvas(width: 80, height: 24)
        let start = CoreBench.clock()
        for i in 0..<keys {
            _ = screen.update(.keyPressed(key(i)))
            canvas.clear()
            _ = screen.render(into: &canvas)
        }
        return String(format: "%.1f", (CoreBench.clock() - start) / Double(keys) * 1e6)
    }

    /// Microseconds for the first filter key typed into a 100,000-option list (it searches every option)
    /// and for the next one (it searches the first one's matches).
    static func filterKeys(options: Int) -> (first: Int, next: Int) {
        let choices = (0..<options).map { Choice(value: .int($0), text: "Option \($0) of the long list") }
        var list = ChoiceList(choices: choices, allowsMultiple: false)
        let t0 = CoreBench.clock()   // the list is shown (its texts folded) before the first key
        list.appendFilter("1")
        _ = list.visibleRows
        let t1 = CoreBench.clock()
        list.appendFilter("2")
        _ = list.visibleRows
        let t2 = CoreBench.clock()
        return (Int((t1 - t0) * 1e6), Int((t2 - t1) * 1e6))
    }
}
