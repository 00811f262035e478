import Testing
import TUIKit

/// A tiny screen: a text field, a countdown and a help bar, enough to exercise the loop.
struct TimedEntryProgram: TerminalProgram {
    enum Action: Hashable, Sendable { case submit, erase, cancel, ring }
    enum Message: Sendable {
        case actionTriggered(Action)
        case characterTyped(Character)
        case countdownTicked
        case signalled(TerminalSignal)
        case answerSaved(String)
    }

    var secondsLeft: Int
    var text = ""
    var log: [String] = []
    let keys = KeyMap<Action>([
        KeyBinding(.enter, .submit, help: "submit"),
        KeyBinding(.backspace, .erase, help: "erase"),
        KeyBinding(.ctrl("g"), .ring, help: ""),
        KeyBinding(.escape, .cancel, help: "quit"),
    ])

    var initialCommands: [Command<Message>] {
        secondsLeft > 0 ? [.tick(after: .seconds(1), .countdownTicked)] : []
    }

    mutating func update(_ message: Message) -> [Command<Message>] {
        switch message {
        case .characterTyped(let character):
            text.append(character)
            return []
        case .actionTriggered(.erase):
            if !text.isEmpty { text.removeLast() }
            return []
        case .actionTriggered(.submit):
            let answer = text
            return [.perform { .answerSaved(answer) }, .quit]
        case .actionTriggered(.cancel):
            return [.quit]
        case .actionTriggered(.ring):
            return [.bell]
        case .countdownTicked:
            secondsLeft -= 1
            log.append("tick \(secondsLeft)")
            return secondsLeft > 0 ? [.tick(after: .seconds(1), .countdownTicked)] : [.quit]
        case .signalled(let signal):
            log.append("signal \(signal)")
            let answer = text
            return [.perform { .answerSaved(answer) }]
        case .answerSaved(let answer):
            log.append("saved \(answer)")
            return []
        }
    }

    func render(into canvas: inout Canvas) -> CursorPosition? {
        canvas.put("Time left: \(secondsLeft) s", at: .zero, role: .title)
        canvas.put("Answer: ", at: Point(x: 0, y: 1))
        let used = canvas.put(text, at: Point(x: 8, y: 1), role: .focused)
        canvas.put(keys.helpLine(width: canvas.width), at: Point(x: 0, y: canvas.height - 1), role: .help)
        return Point(x: 8 + used, y: 1)
    }

    func message(for event: TerminalEvent) -> Message? {
        if let action = keys.action(for: event) { return .actionTriggered(action) }
        switch event {
        case .key(.character(let character)): return .characterTyped(character)
        case .signal(let signal): return .signalled(signal)
        default: return nil
        }
    }
}

@Suite struct EventLoopTests {
    func makeLoop(
        secondsLeft: Int = 0, width: Int = 30, height: Int = 4, script: [HeadlessTerminal.Input]
    ) -> (EventLoop<TimedEntryProgram>, HeadlessTerminal) {
        let terminal = HeadlessTerminal(width: width, height: height, script: script)
        let loop = EventLoop(
            program: TimedEntryProgram(secondsLeft: secondsLeft), terminal: terminal,
            clock: terminal.clock.monotonic)
        return (loop, terminal)
    }

    @Test func turnsScriptedKeysIntoMessagesAndOneFramePerEvent() {
        // Given a screen with a text field, when "日本x", Backspace and Enter are typed
        var (loop, terminal) = makeLoop(
            script: HeadlessTerminal.Input.typing("日本x") + [.key(.backspace), .key(.enter)])
        let exit = loop.run()
        // Then the answer is saved before quitting and every event produced one frame
        #expect(exit == .quit)
        #expect(loop.program.log == ["saved 日本"])
        #expect(terminal.frames.count == 6)                       // first frame + 5 events
        #expect(terminal.lastFrame?.canvas.plainText() == """
            Time left: 0 s
            Answer: 日本

            Enter submit  …
            """)
        #expect(terminal.lastFrame?.canvas.styleLayer() == "TTTTTTTTTTTTTT\n        FFFF\n\n???????????????")
        #expect(terminal.lastFrame?.cursor == Point(x: 12, y: 1))
    }

    @Test func deliversTicksFromTheTestClockDeterministically() {
        // Given a 3-second countdown, when 10 quiet seconds are scripted
        var (loop, terminal) = makeLoop(secondsLeft: 3, script: [.wait(.seconds(10))])
        let exit = loop.run()
        // Then exactly three ticks arrive, one second apart, and the loop quits at zero
        #expect(exit == .quit)
        #expect(loop.program.log == ["tick 2", "tick 1", "tick 0"])
        #expect(terminal.clock.now == .seconds(3))
        #expect(terminal.frames.map { $0.canvas.plainText().prefix(14) }
            == ["Time left: 3 s", "Time left: 2 s", "Time left: 1 s", "Time left: 0 s"])
    }

    @Test func keepsTimersRunningWhileKeysArrive() {
        var (loop, terminal) = makeLoop(
            secondsLeft: 2,
            script: [.wait(.milliseconds(600)), .key(.character("a")), .wait(.milliseconds(600)),
                     .key(.character("b")), .wait(.seconds(5))])
        _ = loop.run()
        #expect(loop.program.log == ["tick 1", "tick 0"])
        #expect(loop.program.text == "ab")
        #expect(terminal.clock.now == .seconds(2))
    }

    @Test func letsTheProgramSaveOnASignalAndThenStops() {
        // Given typed text, when SIGTERM arrives (the program does not ask to quit)
        var (loop, terminal) = makeLoop(
            script: HeadlessTerminal.Input.typing("hi") + [.event(.signal(.terminate)), .key(.character("z"))])
        let exit = loop.run()
        // Then the program saw the signal, saved, and the loop ended without reading further keys
        #expect(exit == .signal(.terminate))
        #expect(loop.program.log == ["signal terminate", "saved hi"])
        #expect(loop.program.text == "hi")
        #expect(terminal.frames.count == 4)
    }

    @Test func rendersAgainAtTheNewSizeOnResize() {
        var (loop, terminal) = makeLoop(
            width: 40, script: [.event(.resize(width: 20, height: 3)), .key(.escape)])
        _ = loop.run()
        #expect(terminal.size == Size(width: 20, height: 3))
        #expect(terminal.frames.map(\.canvas.size)
            == [Size(width: 40, height: 4), Size(width: 20, height: 3), Size(width: 20, height: 3)])
        #expect(terminal.lastFrame?.canvas.plainText().hasSuffix("Enter submit  …") == true)
    }

    @Test func skipsFramesForEventsTheProgramIgnores() {
        var (loop, terminal) = makeLoop(
            script: [.event(.mouse(x: 1, y: 1, button: .left)), .key(.function(5)), .key(.escape)])
        _ = loop.run()
        #expect(terminal.frames.count == 2)
    }

    @Test func ringsTheBellOnCommand() {
        var (loop, terminal) = makeLoop(script: [.key(.ctrl("g")), .key(.ctrl("g"))])
        _ = loop.run()
        #expect(terminal.bellCount == 2)
    }

    @Test func returnsWhenInputEnds() {
        var (loop, terminal) = makeLoop(script: HeadlessTerminal.Input.typing("a"))
        #expect(loop.run() == .inputEnded)
        #expect(loop.framesPresented == 2)
        #expect(terminal.closeCount == 0)                          // closing is the caller's job
    }

    @Test func hidesACursorThatFallsOutsideTheScreen() {
        var (loop, terminal) = makeLoop(
            width: 10, script: HeadlessTerminal.Input.typing("abc") + [.key(.escape)])
        _ = loop.run()
        #expect(terminal.frames.first?.cursor == Point(x: 8, y: 1))
        #expect(terminal.lastFrame?.cursor == nil)
    }
}

