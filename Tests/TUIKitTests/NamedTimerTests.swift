import Testing
import TUIKit

/// A screen that ends after a quiet spell: every key restarts one named idle timer; Esc stops it.
struct IdleProgram: TerminalProgram {
    enum Message: Sendable { case keyPressed(Key), idleElapsed }

    var log: [String] = []

    var initialCommands: [Command<Message>] { [.timer("idle", after: .seconds(10), .idleElapsed)] }

    mutating func update(_ message: Message) -> [Command<Message>] {
        switch message {
        case .keyPressed(.escape):
            log.append("stopped")
            return [.cancelTimer("idle")]
        case .keyPressed:
            log.append("key")
            return [.timer("idle", after: .seconds(10), .idleElapsed)]
        case .idleElapsed:
            log.append("idle")
            return [.quit]
        }
    }

    func render(into canvas: inout Canvas) -> CursorPosition? { nil }

    func message(for event: TerminalEvent) -> Message? {
        if case .key(let key) = event { return .keyPressed(key) }
        return nil
    }
}

/// Named timers replace and cancel (issue 27: an idle timer restarted on every key leaves one
/// pending timer, not one per key; a run stopped by inactivity needs exactly one).
@Suite struct NamedTimerTests {
    func run(_ script: [HeadlessTerminal.Input]) -> (IdleProgram, HeadlessTerminal) {
        let terminal = HeadlessTerminal(width: 20, height: 3, script: script)
        var loop = EventLoop(program: IdleProgram(), terminal: terminal, clock: terminal.clock.monotonic)
        _ = loop.run()
        return (loop.program, terminal)
    }

    @Test func aTimerRestartedOnEveryKeyFiresOnceAfterTheLastKey() {
        let keys: [HeadlessTerminal.Input] = (0..<50).flatMap { _ in [.wait(.seconds(9)), .key(.character("x"))] }
        let (program, terminal) = run(keys + [.wait(.seconds(60))])
        #expect(program.log == Array(repeating: "key", count: 50) + ["idle"], "replaced, never stacked: one idle, after the last key")
        #expect(terminal.clock.now == .seconds(9 * 50 + 10))
    }

    @Test func aCancelledTimerNeverFires() {
        let (program, terminal) = run([.wait(.seconds(3)), .key(.escape), .wait(.seconds(30))])
        #expect(program.log == ["stopped"])
        #expect(terminal.clock.now == .seconds(33), "the script ran out with no timer left to fire")
    }

    @Test func aMappedTimerKeepsItsName() {
        let command = Command<Int>.timer("idle", after: .seconds(1), 7).map { "\($0)" }
        guard case .timer(let id, let after, let message) = command else { Issue.record("\(command)"); return }
        #expect(id == "idle" && after == .seconds(1) && message == "7")
        guard case .cancelTimer(let cancelled) = Command<Int>.cancelTimer("idle").map({ "\($0)" }) else { Issue.record("not cancelTimer"); return }
        #expect(cancelled == "idle")
    }
}
