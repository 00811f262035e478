// The task screen's update function: bytes as a participant's session on one of three tasks (every
// kind of Sage answer, the demo check-in, a FHIR Questionnaire with enableWhen, units and a
// score): keys, resizes down to below the minimum and up to 250x90, pastes of up to 10 KB, and
// timer ticks. After every message the screen is rendered, and the invariants are checked: no
// trap, the cursor inside the canvas, focus on a field the step has, and every stored answer
// within its question's bounds (the run's own validation accepts it).
import Foundation
import StudyCore
import StudyFHIR
import StudyTUI
import TUIKit

struct FuzzTask { let task: TaskDefinition; let conditions: any TaskConditions }

let fuzzTasks: [FuzzTask] = {
    func sage(_ path: String) -> FuzzTask {
        FuzzTask(task: try! TaskFileLoader().load(data: fixture(path), file: FileReference(path: path)).task!,
                 conditions: NoTaskConditions())
    }
    let file = FileReference(path: "habits-questionnaire.json")
    let imported = try! QuestionnaireImporter().importQuestionnaire(
        from: try! TaskFileLoader.parse(fixture("Tests/e2e/fixtures/habits-questionnaire.json"), file: file), file: file)
    return [sage("Resources/demo-study/tasks/every-input.json"), sage("Resources/demo-study/tasks/branching-survey.json"),
            FuzzTask(task: imported.task, conditions: imported.conditions)]
}()

let keyTable: [Key] = [
    .enter, .tab, .backTab, .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .backspace, .delete,
    .escape, .ctrl("c"), .ctrl("n"), .ctrl("a"), .ctrl("e"), .ctrl("k"), .ctrl("u"), .function(1), .alt("b"),
    .character(" "), .character("1"), .character("2"), .character("3"), .character("9"), .character("0"),
    .character("-"), .character("."), .character(":"), .character("a"), .character("Z"), .character("é"),
    .character("語"), .character("\u{1F600}"), .character("e"), .character("+"),
]

struct Bytes {
    let buffer: UnsafeRawBufferPointer
    var index = 0
    mutating func next() -> UInt8? {
        guard index < buffer.count else { return nil }
        defer { index += 1 }
        return buffer[index]
    }
}

/// Delivers `message` and everything its commands produce at once (timers included, as if their
/// time had come), at most `budget` messages.
func deliver(_ message: TaskScreen.Message, to screen: inout TaskScreen, budget: inout Int) {
    var queue = [message]
    while !queue.isEmpty, budget > 0, screen.exit == nil {
        budget -= 1
        for command in screen.update(queue.removeFirst()) {
            switch command {
            case .perform(let effect): if let m = effect() { queue.append(m) }
            case .work, .cancel, .cancelTimer: break
            case .tick(_, let m), .timer(_, _, let m): queue.append(m)
            case .quit, .bell, .wipeScreen, .flushInput: break
            case .whenPresented(let stamp): queue.append(stamp(.zero))
            }
        }
    }
}

func check(_ screen: TaskScreen) {
    var canvas = Canvas(size: screen.size)
    if let cursor = screen.render(into: &canvas) {
        precondition(cursor.x >= 0 && cursor.y >= 0 && cursor.x < screen.size.width && cursor.y < screen.size.height,
                     "cursor \(cursor) outside the \(screen.size) canvas")
    }
    precondition(canvas.size == screen.size)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScreen(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var input = Bytes(buffer: UnsafeRawBufferPointer(start: start, count: count))
    guard let choice = input.next() else { return 0 }
    let chosen = fuzzTasks[Int(choice) % fuzzTasks.count]
    var run = TaskRun(task: chosen.task, now: fuzzNow, conditions: chosen.conditions)
    run.start(now: fuzzNow)
    let clock = UptimeBox()
    let environment = TaskEnvironment(now: { fuzzNow }, uptime: { clock.next() }, timeZone: TimeZone(identifier: "UTC")!)
    var screen = TaskScreen(run: run, size: Size(width: 80, height: 24), environment: environment)
    var budget = 4096
    for command in screen.initialCommands { if case .perform(let e) = command, let m = e() { deliver(m, to: &screen, budget: &budget) } }
    check(screen)
    while let op = input.next(), screen.exit == nil, budget > 0 {
        switch op {
        case 0xF0:  // resize
            let w = Int(input.next() ?? 80) % 250 + 1, h = Int(input.next() ?? 24) % 90 + 1
            deliver(.resized(Size(width: w, height: h)), to: &screen, budget: &budget)
        case 0xF1:  // a paste: many characters in a row
            let n = min(10_240, Int(input.next() ?? 1) * 40)
            let alphabet = Array("0123456789 abcxyz-.,:é語")
            for i in 0..<n where screen.exit == nil { deliver(.keyPressed(.character(alphabet[i % alphabet.count])), to: &screen, budget: &budget) }
        case 0xF2:  // a click
            let x = Int(input.next() ?? 0), y = Int(input.next() ?? 0)
            deliver(.mouseClicked(x: x, y: y), to: &screen, budget: &budget)
        case 0xF3:
            deliver(.timerTicked(generation: Int(input.next() ?? 0) % 4), to: &screen, budget: &budget)
        default:
            deliver(.keyPressed(keyTable[Int(op) % keyTable.count]), to: &screen, budget: &budget)
        }
        check(screen)
    }
    return 0
}

/// Monotonic seconds that move on by a quarter second per read, so timed steps end.
final class UptimeBox: @unchecked Sendable {
    private var value = 0.0
    func next() -> Double { value += 0.25; return value }
}
