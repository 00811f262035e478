import Foundation
import StudyCore
import StudyTUI
import TUIKit

/// `studyterm bench screen`: the task screen's own cost per key (update plus a full render into
/// an 80x24 canvas), headless, for a text field and a 20-option list.
struct ScreenBench: StudyTermCommand {
    static let spec = CommandSpec(
        path: ["bench", "screen"], abstract: "Task screen update and render per key, headless.",
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
}
