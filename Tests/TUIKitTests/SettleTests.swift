import Testing
import TUIKit

/// A program whose synchronous commands lead to further messages, with a timer and a quit that a
/// settled message drops.
struct ChainProgram: TerminalProgram {
    enum Message: Sendable { case start, first, second, timerFired }

    var log: [String] = []

    mutating func update(_ message: Message) -> [Command<Message>] {
        switch message {
        case .start:
            log.append("start")
            return [.perform { .first }, .tick(after: .seconds(1), .timerFired), .perform { .second }]
        case .first:
            log.append("first")
            return [.perform { nil }, .quit]
        case .second:
            log.append("second")
            return []
        case .timerFired:
            log.append("timer")
            return []
        }
    }

    func render(into canvas: inout Canvas) -> CursorPosition? { nil }
    func message(for event: TerminalEvent) -> Message? { nil }
}

/// `settle` handles a message outside a loop with what its synchronous commands lead to, in the
/// loop's order (a task screen's move counts only after its autosave command has run).
@Suite struct SettleTests {
    @Test func aSettledMessageRunsItsSynchronousCommandsInTheLoopsOrderAndDropsTheRest() {
        var program = ChainProgram()
        program.settle(.start)
        #expect(program.log == ["start", "first", "second"])
    }

    @Test func theLoopHandlesTheSameMessagesInTheSameOrder() {
        struct Started: TerminalProgram {
            var inner = ChainProgram()
            var initialCommands: [Command<ChainProgram.Message>] { [.perform { .start }] }
            mutating func update(_ message: ChainProgram.Message) -> [Command<ChainProgram.Message>] { inner.update(message) }
            func render(into canvas: inout Canvas) -> CursorPosition? { nil }
            func message(for event: TerminalEvent) -> ChainProgram.Message? { nil }
        }
        let terminal = HeadlessTerminal(width: 10, height: 2, script: [])
        var loop = EventLoop(program: Started(), terminal: terminal, clock: terminal.clock.monotonic)
        _ = loop.run()
        #expect(Array(loop.program.inner.log.prefix(3)) == ["start", "first", "second"])
    }
}
