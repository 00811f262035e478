import Testing
import TUIKit

/// A reaction-time screen in miniature: shows a stimulus, asks when it reached the terminal, and
/// records each key with the time it was read.
struct StimulusProgram: TerminalProgram {
    enum Message: Sendable { case keyRead(Key, Duration), presented(Duration), showStimulus }

    var shown = false
    var onset: Duration?
    var keys: [(Key, Duration)] = []

    var initialCommands: [Command<Message>] { [.timer("foreperiod", after: .seconds(2), .showStimulus)] }

    mutating func update(_ message: Message) -> [Command<Message>] {
        switch message {
        case .showStimulus:
            shown = true
            return [.flushInput, .whenPresented { .presented($0) }]
        case .presented(let time):
            onset = time
            return []
        case .keyRead(let key, let time):
            keys.append((key, time))
            return keys.count == 2 ? [.quit] : []
        }
    }

    func render(into canvas: inout Canvas) -> CursorPosition? {
        if shown { canvas.put("X", at: Point(x: 0, y: 0)) }
        return nil
    }

    func message(for event: TerminalEvent) -> Message? { nil }

    func message(for event: TerminalEvent, readAt time: Duration) -> Message? {
        if case .key(let key) = event { return .keyRead(key, time) }
        return nil
    }
}

/// Time is data (issue 25): a key carries the time it was read, a frame can say when it reached
/// the terminal, and pending input can be dropped before a stimulus, all on the loop's one clock.
@Suite struct EventTimeTests {
    @Test func keysCarryTheTimeTheyWereReadAndTheStimulusItsOnset() {
        let terminal = HeadlessTerminal(width: 10, height: 2, script: [
            .wait(.milliseconds(500)), .key(.character("f")),
            .wait(.milliseconds(1_750)), .key(.character("j")),
        ])
        var loop = EventLoop(program: StimulusProgram(), terminal: terminal, clock: terminal.clock.monotonic)
        _ = loop.run()
        let program = loop.program
        #expect(program.keys.map(\.1) == [.milliseconds(500), .milliseconds(2_250)])
        #expect(program.onset == .seconds(2), "stamped on the loop's clock right after the stimulus frame")
        #expect(terminal.inputFlushes == 1)
        let stimulusFrame = terminal.frames.firstIndex { $0.canvas.plainText().contains("X") }
        #expect(stimulusFrame != nil)
        if let onset = program.onset, let second = program.keys.last?.1 {
            #expect(second - onset == .milliseconds(250), "the response time is read time minus onset")
        }
    }

    @Test func anUntimedProgramStillGetsItsMessages() {
        let terminal = HeadlessTerminal(width: 20, height: 3, script: HeadlessTerminal.Input.typing("hi") + [.key(.enter)])
        var loop = EventLoop(program: GuestBookProgram(), terminal: terminal, clock: terminal.clock.monotonic)
        _ = loop.run()
        #expect(terminal.wipes.count == 1)
    }

    @Test func mappedTimeCommandsKeepTheirMeaning() {
        let mapped = Command<Int>.whenPresented({ Int($0.components.seconds) }).map { "\($0)" }
        guard case .whenPresented(let stamp) = mapped else {
            Issue.record("not whenPresented")
            return
        }
        #expect(stamp(.seconds(3)) == "3")
        guard case .flushInput = Command<Int>.flushInput.map({ "\($0)" }) else {
            Issue.record("not flushInput")
            return
        }
    }
}
